import { ContentPageView } from '#app/components/content-page.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { lifePage } from '#content/pages/life.ts'

export const meta = pageMeta(lifePage)

export default function LifeAndFinancialInsurancePage() {
  return <ContentPageView page={useLocalized(lifePage)} />
}
