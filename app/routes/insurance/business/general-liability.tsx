import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { generalLiabilityPage } from '#content/pages/general-liability.ts'
import { generalLiabilityQuote } from '#forms/definitions/general-liability-quote.ts'

export const meta = pageMeta(generalLiabilityPage)
export const handle: RouteHandle = { formIsland: true }

export default function GeneralLiabilityInsurancePage() {
  return (
    <ContentPageView page={useLocalized(generalLiabilityPage)}>
      <PageForm form={generalLiabilityQuote} />
    </ContentPageView>
  )
}
