import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { bopPage } from '#content/pages/bop.ts'
import { bopQuote } from '#forms/definitions/bop-quote.ts'

export const meta = pageMeta(bopPage)
export const handle: RouteHandle = { formIsland: true }

export default function BusinessOwnersPolicyPage() {
  return (
    <ContentPageView page={useLocalized(bopPage)}>
      <PageForm form={bopQuote} />
    </ContentPageView>
  )
}
