import { generalLiabilityPage } from '../../../../content/pages/general-liability.ts'
import { generalLiabilityQuote } from '../../../../forms/definitions/general-liability-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(generalLiabilityPage)
export const handle: RouteHandle = { formIsland: true }

export default function GeneralLiabilityInsurancePage() {
  return (
    <ContentPageView page={useLocalized(generalLiabilityPage)}>
      <PageForm form={generalLiabilityQuote} />
    </ContentPageView>
  )
}
