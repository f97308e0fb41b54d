import { vehiclePage } from '../../../../content/pages/vehicle.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(vehiclePage)

export default function VehicleInsurancePage() {
  return <ContentPageView page={useLocalized(vehiclePage)} />
}
