import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { floodPage } from '#content/pages/flood.ts'
import { floodQuote } from '#forms/definitions/flood-quote.ts'

export const meta = pageMeta(floodPage)
export const handle: RouteHandle = { formIsland: true }

export default function FloodInsurancePage() {
  return (
    <ContentPageView page={useLocalized(floodPage)}>
      <PageForm form={floodQuote} />
    </ContentPageView>
  )
}
