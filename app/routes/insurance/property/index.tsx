import { propertyPage } from '../../../../content/pages/property.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(propertyPage)

export default function PropertyInsurancePage() {
  return <ContentPageView page={useLocalized(propertyPage)} />
}
