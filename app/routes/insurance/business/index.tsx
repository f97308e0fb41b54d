import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { businessPage } from '#content/pages/business.ts'
import { businessQuote } from '#forms/definitions/business-quote.ts'

export const meta = pageMeta(businessPage)
export const handle: RouteHandle = { formIsland: true }

export default function BusinessInsurancePage() {
  return (
    <ContentPageView page={useLocalized(businessPage)}>
      <PageForm form={businessQuote} />
    </ContentPageView>
  )
}
