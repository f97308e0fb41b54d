import { eventPage } from '../../../../content/pages/event.ts'
import { eventQuote } from '../../../../forms/definitions/event-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(eventPage)
export const handle: RouteHandle = { formIsland: true }

export default function EventInsurancePage() {
  return (
    <ContentPageView page={useLocalized(eventPage)}>
      <PageForm form={eventQuote} />
    </ContentPageView>
  )
}
