import { ContentPageView } from '#app/components/content-page.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { servicesPage } from '#content/pages/services.ts'

export const meta = pageMeta(servicesPage)

export default function ServiceChooserPage() {
  return <ContentPageView page={useLocalized(servicesPage)} />
}
