import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { umbrellaPage } from '#content/pages/umbrella.ts'
import { umbrellaQuote } from '#forms/definitions/umbrella-quote.ts'

export const meta = pageMeta(umbrellaPage)
export const handle: RouteHandle = { formIsland: true }

export default function UmbrellaInsurancePage() {
  return (
    <ContentPageView page={useLocalized(umbrellaPage)}>
      <PageForm form={umbrellaQuote} />
    </ContentPageView>
  )
}
