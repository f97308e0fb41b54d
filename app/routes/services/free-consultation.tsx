import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { freeConsultationPage } from '#content/pages/free-consultation.ts'
import { consultationRequest } from '#forms/definitions/consultation-request.ts'

export const meta = pageMeta(freeConsultationPage)
export const handle: RouteHandle = { formIsland: true }

export default function FreeConsultationPage() {
  return (
    <ContentPageView page={useLocalized(freeConsultationPage)}>
      <PageForm form={consultationRequest} />
    </ContentPageView>
  )
}
