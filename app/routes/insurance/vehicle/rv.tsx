import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { rvPage } from '#content/pages/rv.ts'
import { rvQuote } from '#forms/definitions/rv-quote.ts'

export const meta = pageMeta(rvPage)
export const handle: RouteHandle = { formIsland: true }

export default function RvInsurancePage() {
  return (
    <ContentPageView page={useLocalized(rvPage)}>
      <PageForm form={rvQuote} />
    </ContentPageView>
  )
}
