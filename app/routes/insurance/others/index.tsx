import { othersPage } from '../../../../content/pages/others.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(othersPage)

export default function SpecialtyInsurancePage() {
  return <ContentPageView page={useLocalized(othersPage)} />
}
