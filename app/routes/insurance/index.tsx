import { insurancePage } from '../../../content/pages/insurance.ts'
import { ContentPageView } from '../../components/content-page.tsx'
import { Banner } from '../../components/hero.tsx'
import { useLocalized } from '../../site/i18n.ts'
import { pageMeta } from '../../site/meta.ts'

export const meta = pageMeta(insurancePage)

export default function InsurancePage() {
  const copy = useLocalized(insurancePage)
  return (
    <>
      <Banner title={copy.banner} />
      <ContentPageView page={copy} />
    </>
  )
}
