import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { landlordPage } from '#content/pages/landlord.ts'
import { landlordQuote } from '#forms/definitions/landlord-quote.ts'

export const meta = pageMeta(landlordPage)
export const handle: RouteHandle = { formIsland: true }

export default function LandlordInsurancePage() {
  return (
    <ContentPageView page={useLocalized(landlordPage)}>
      <PageForm form={landlordQuote} />
    </ContentPageView>
  )
}
