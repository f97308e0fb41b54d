import { rentersPage } from '../../../../content/pages/renters.ts'
import { rentersInsuranceQuote } from '../../../../forms/definitions/renters-insurance-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(rentersPage)
export const handle: RouteHandle = { formIsland: true }

export default function RentersInsurancePage() {
  return (
    <ContentPageView page={useLocalized(rentersPage)}>
      <PageForm form={rentersInsuranceQuote} />
    </ContentPageView>
  )
}
