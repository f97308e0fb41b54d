import { agency } from '../../../../config/agency.ts'
import { autoPage } from '../../../../content/pages/auto.ts'
import { RaterOrQuoteForm } from '../../../components/rater-or-quote-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(autoPage)
export const handle: RouteHandle = { formIsland: true }

/** The quote section holds the rater's live frame when one is set up, and the quote request form. */
export default function AutoInsurancePage() {
  const page = useLocalized(autoPage)
  return <RaterOrQuoteForm page={page} raterUrl={agency.thirdParty.autoQuoteUrl} line="Auto Insurance" />
}
