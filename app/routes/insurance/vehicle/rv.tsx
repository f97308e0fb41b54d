import { rvPage } from '../../../../content/pages/rv.ts'
import { rvQuote } from '../../../../forms/definitions/rv-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(rvPage)
export const handle: RouteHandle = { formIsland: true }

export default function RvInsurancePage() {
  return (
    <ContentPageView page={useLocalized(rvPage)}>
      <PageForm form={rvQuote} />
    </ContentPageView>
  )
}
