import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { lifeInsurancePage } from '#content/pages/life-insurance.ts'
import { lifeInsuranceQuote } from '#forms/definitions/life-insurance-quote.ts'

export const meta = pageMeta(lifeInsurancePage)
export const handle: RouteHandle = { formIsland: true }

export default function LifeInsurancePage() {
  return (
    <ContentPageView page={useLocalized(lifeInsurancePage)}>
      <PageForm form={lifeInsuranceQuote} />
    </ContentPageView>
  )
}
