import { floodPage } from '../../../../content/pages/flood.ts'
import { floodQuote } from '../../../../forms/definitions/flood-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(floodPage)
export const handle: RouteHandle = { formIsland: true }

export default function FloodInsurancePage() {
  return (
    <ContentPageView page={useLocalized(floodPage)}>
      <PageForm form={floodQuote} />
    </ContentPageView>
  )
}
