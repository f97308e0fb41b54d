import { ContentPageView } from '#app/components/content-page.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { vehiclePage } from '#content/pages/vehicle.ts'

export const meta = pageMeta(vehiclePage)

export default function VehicleInsurancePage() {
  return <ContentPageView page={useLocalized(vehiclePage)} />
}
