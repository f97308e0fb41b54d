import { workersCompensationPage } from '../../../../content/pages/workers-compensation.ts'
import { workersCompQuote } from '../../../../forms/definitions/workers-comp-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(workersCompensationPage)
export const handle: RouteHandle = { formIsland: true }

export default function WorkersCompensationInsurancePage() {
  return (
    <ContentPageView page={useLocalized(workersCompensationPage)}>
      <PageForm form={workersCompQuote} />
    </ContentPageView>
  )
}
