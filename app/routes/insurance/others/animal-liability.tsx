import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { animalLiabilityPage } from '#content/pages/animal-liability.ts'
import { animalLiabilityQuote } from '#forms/definitions/animal-liability-quote.ts'

export const meta = pageMeta(animalLiabilityPage)
export const handle: RouteHandle = { formIsland: true }

export default function AnimalLiabilityInsurancePage() {
  return (
    <ContentPageView page={useLocalized(animalLiabilityPage)}>
      <PageForm form={animalLiabilityQuote} />
    </ContentPageView>
  )
}
