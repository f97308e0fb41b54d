import { animalLiabilityPage } from '../../../../content/pages/animal-liability.ts'
import { animalLiabilityQuote } from '../../../../forms/definitions/animal-liability-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(animalLiabilityPage)
export const handle: RouteHandle = { formIsland: true }

export default function AnimalLiabilityInsurancePage() {
  return (
    <ContentPageView page={useLocalized(animalLiabilityPage)}>
      <PageForm form={animalLiabilityQuote} />
    </ContentPageView>
  )
}
