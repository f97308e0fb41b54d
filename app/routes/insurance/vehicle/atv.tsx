import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { atvPage } from '#content/pages/atv.ts'
import { atvQuote } from '#forms/definitions/atv-quote.ts'

export const meta = pageMeta(atvPage)
export const handle: RouteHandle = { formIsland: true }

export default function AtvInsurancePage() {
  return (
    <ContentPageView page={useLocalized(atvPage)}>
      <PageForm form={atvQuote} />
    </ContentPageView>
  )
}
