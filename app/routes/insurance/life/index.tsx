import { lifePage } from '../../../../content/pages/life.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(lifePage)

export default function LifeAndFinancialInsurancePage() {
  return <ContentPageView page={useLocalized(lifePage)} />
}
