import { ContentPageView } from '#app/components/content-page.tsx'
import { Banner } from '#app/components/hero.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { insurancePage } from '#content/pages/insurance.ts'

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
