import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { workersCompensationPage } from '#content/pages/workers-compensation.ts'
import { workersCompQuote } from '#forms/definitions/workers-comp-quote.ts'

export const meta = pageMeta(workersCompensationPage)
export const handle: RouteHandle = { formIsland: true }

export default function WorkersCompensationInsurancePage() {
  return (
    <ContentPageView page={useLocalized(workersCompensationPage)}>
      <PageForm form={workersCompQuote} />
    </ContentPageView>
  )
}
