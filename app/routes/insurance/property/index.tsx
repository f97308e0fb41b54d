import { ContentPageView } from '#app/components/content-page.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { propertyPage } from '#content/pages/property.ts'

export const meta = pageMeta(propertyPage)

export default function PropertyInsurancePage() {
  return <ContentPageView page={useLocalized(propertyPage)} />
}
