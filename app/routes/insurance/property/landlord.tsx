import { landlordPage } from '../../../../content/pages/landlord.ts'
import { landlordQuote } from '../../../../forms/definitions/landlord-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(landlordPage)
export const handle: RouteHandle = { formIsland: true }

export default function LandlordInsurancePage() {
  return (
    <ContentPageView page={useLocalized(landlordPage)}>
      <PageForm form={landlordQuote} />
    </ContentPageView>
  )
}
