import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { motorcyclePage } from '#content/pages/motorcycle.ts'
import { motorcyclesQuote } from '#forms/definitions/motorcycles-quote.ts'

export const meta = pageMeta(motorcyclePage)
export const handle: RouteHandle = { formIsland: true }

export default function MotorcycleInsurancePage() {
  return (
    <ContentPageView page={useLocalized(motorcyclePage)}>
      <PageForm form={motorcyclesQuote} />
    </ContentPageView>
  )
}
