import { freeConsultationPage } from '../../../content/pages/free-consultation.ts'
import { consultationRequest } from '../../../forms/definitions/consultation-request.ts'
import { ContentPageView } from '../../components/content-page.tsx'
import { PageForm } from '../../components/page-form.tsx'
import type { RouteHandle } from '../../root.tsx'
import { useLocalized } from '../../site/i18n.ts'
import { pageMeta } from '../../site/meta.ts'

export const meta = pageMeta(freeConsultationPage)
export const handle: RouteHandle = { formIsland: true }

export default function FreeConsultationPage() {
  return (
    <ContentPageView page={useLocalized(freeConsultationPage)}>
      <PageForm form={consultationRequest} />
    </ContentPageView>
  )
}
