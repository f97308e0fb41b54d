import { classicCarPage } from '../../../../content/pages/classic-car.ts'
import { classicCarQuote } from '../../../../forms/definitions/classic-car-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(classicCarPage)
export const handle: RouteHandle = { formIsland: true }

export default function ClassicCarInsurancePage() {
  return (
    <ContentPageView page={useLocalized(classicCarPage)}>
      <PageForm form={classicCarQuote} />
    </ContentPageView>
  )
}
