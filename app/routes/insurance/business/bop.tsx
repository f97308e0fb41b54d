import { bopPage } from '../../../../content/pages/bop.ts'
import { bopQuote } from '../../../../forms/definitions/bop-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(bopPage)
export const handle: RouteHandle = { formIsland: true }

export default function BusinessOwnersPolicyPage() {
  return (
    <ContentPageView page={useLocalized(bopPage)}>
      <PageForm form={bopQuote} />
    </ContentPageView>
  )
}
