import { umbrellaPage } from '../../../../content/pages/umbrella.ts'
import { umbrellaQuote } from '../../../../forms/definitions/umbrella-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(umbrellaPage)
export const handle: RouteHandle = { formIsland: true }

export default function UmbrellaInsurancePage() {
  return (
    <ContentPageView page={useLocalized(umbrellaPage)}>
      <PageForm form={umbrellaQuote} />
    </ContentPageView>
  )
}
