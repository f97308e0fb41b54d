import { atvPage } from '../../../../content/pages/atv.ts'
import { atvQuote } from '../../../../forms/definitions/atv-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(atvPage)
export const handle: RouteHandle = { formIsland: true }

export default function AtvInsurancePage() {
  return (
    <ContentPageView page={useLocalized(atvPage)}>
      <PageForm form={atvQuote} />
    </ContentPageView>
  )
}
