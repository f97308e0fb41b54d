import { ContentPageView } from '#app/components/content-page.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { othersPage } from '#content/pages/others.ts'

export const meta = pageMeta(othersPage)

export default function SpecialtyInsurancePage() {
  return <ContentPageView page={useLocalized(othersPage)} />
}
