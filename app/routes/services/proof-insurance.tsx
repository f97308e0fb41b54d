import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { proofInsurancePage } from '#content/pages/proof-insurance.ts'
import { proofRequest } from '#forms/definitions/proof-request.ts'

export const meta = pageMeta(proofInsurancePage)
export const handle: RouteHandle = { formIsland: true }

export default function ProofOfInsurancePage() {
  return (
    <ContentPageView page={useLocalized(proofInsurancePage)}>
      <PageForm form={proofRequest} />
    </ContentPageView>
  )
}
