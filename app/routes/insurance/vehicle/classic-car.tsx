import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { classicCarPage } from '#content/pages/classic-car.ts'
import { classicCarQuote } from '#forms/definitions/classic-car-quote.ts'

export const meta = pageMeta(classicCarPage)
export const handle: RouteHandle = { formIsland: true }

export default function ClassicCarInsurancePage() {
  return (
    <ContentPageView page={useLocalized(classicCarPage)}>
      <PageForm form={classicCarQuote} />
    </ContentPageView>
  )
}
