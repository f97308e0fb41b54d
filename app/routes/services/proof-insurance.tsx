import { proofInsurancePage } from '../../../content/pages/proof-insurance.ts'
import { proofRequest } from '../../../forms/definitions/proof-request.ts'
import { ContentPageView } from '../../components/content-page.tsx'
import { PageForm } from '../../components/page-form.tsx'
import type { RouteHandle } from '../../root.tsx'
import { useLocalized } from '../../site/i18n.ts'
import { pageMeta } from '../../site/meta.ts'

export const meta = pageMeta(proofInsurancePage)
export const handle: RouteHandle = { formIsland: true }

export default function ProofOfInsurancePage() {
  return (
    <ContentPageView page={useLocalized(proofInsurancePage)}>
      <PageForm form={proofRequest} />
    </ContentPageView>
  )
}
