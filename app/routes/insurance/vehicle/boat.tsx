import { ContentPageView } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { boatPage } from '#content/pages/boat.ts'
import { boatQuote } from '#forms/definitions/boat-quote.ts'

export const meta = pageMeta(boatPage)
export const handle: RouteHandle = { formIsland: true }

export default function BoatInsurancePage() {
  return (
    <ContentPageView page={useLocalized(boatPage)}>
      <PageForm form={boatQuote} />
    </ContentPageView>
  )
}
