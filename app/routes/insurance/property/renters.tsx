import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { rentersPage } from '#content/pages/renters.ts'
import { rentersInsuranceQuote } from '#forms/definitions/renters-insurance-quote.ts'

export const meta = pageMeta(rentersPage)
export const handle: RouteHandle = { formIsland: true }

export default function RentersInsurancePage() {
  return (
    <ContentPageView page={useLocalized(rentersPage)}>
      <PageForm form={rentersInsuranceQuote} />
    </ContentPageView>
  )
}
