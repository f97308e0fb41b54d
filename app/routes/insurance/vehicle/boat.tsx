import { boatPage } from '../../../../content/pages/boat.ts'
import { boatQuote } from '../../../../forms/definitions/boat-quote.ts'
import { ContentPageView } from '../../../components/content-page.tsx'
import { PageForm } from '../../../components/page-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(boatPage)
export const handle: RouteHandle = { formIsland: true }

export default function BoatInsurancePage() {
  return (
    <ContentPageView page={useLocalized(boatPage)}>
      <PageForm form={boatQuote} />
    </ContentPageView>
  )
}
