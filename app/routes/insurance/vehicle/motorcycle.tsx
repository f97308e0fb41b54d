import { motorcyclePage } from '../../../../content/pages/motorcycle.ts'
import { motorcyclesQuote } from '../../../../forms/definitions/motorcycles-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(motorcyclePage)
export const handle: RouteHandle = { formIsland: true }

export default function MotorcycleInsurancePage() {
  return (
    <ContentPageView page={useLocalized(motorcyclePage)}>
      <PageForm form={motorcyclesQuote} />
    </ContentPageView>
  )
}
