import { servicesPage } from '../../../content/pages/services.ts'
import { ContentPageView } from '../../components/content-page.tsx'
import { useLocalized } from '../../site/i18n.ts'
import { pageMeta } from '../../site/meta.ts'

export const meta = pageMeta(servicesPage)

export default function ServiceChooserPage() {
  return <ContentPageView page={useLocalized(servicesPage)} />
}
