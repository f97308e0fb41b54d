import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { eventPage } from '#content/pages/event.ts'
import { eventQuote } from '#forms/definitions/event-quote.ts'

export const meta = pageMeta(eventPage)
export const handle: RouteHandle = { formIsland: true }

export default function EventInsurancePage() {
  return (
    <ContentPageView page={useLocalized(eventPage)}>
      <PageForm form={eventQuote} />
    </ContentPageView>
  )
}
