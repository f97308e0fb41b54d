import { businessPage } from '../../../../content/pages/business.ts'
import { businessQuote } from '../../../../forms/definitions/business-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(businessPage)
export const handle: RouteHandle = { formIsland: true }

export default function BusinessInsurancePage() {
  return (
    <ContentPageView page={useLocalized(businessPage)}>
      <PageForm form={businessQuote} />
    </ContentPageView>
  )
}
