import { lifeInsurancePage } from '../../../../content/pages/life-insurance.ts'
import { lifeInsuranceQuote } from '../../../../forms/definitions/life-insurance-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(lifeInsurancePage)
export const handle: RouteHandle = { formIsland: true }

export default function LifeInsurancePage() {
  return (
    <ContentPageView page={useLocalized(lifeInsurancePage)}>
      <PageForm form={lifeInsuranceQuote} />
    </ContentPageView>
  )
}
