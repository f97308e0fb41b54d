import { agency } from '../../../../config/agency.ts'
import { homeInsurancePage } from '../../../../content/pages/home-insurance.ts'
import { RaterOrQuoteForm } from '../../../components/rater-or-quote-form.tsx'
import type { RouteHandle } from '../../../root.tsx'
import { useLocalized } from '../../../site/i18n.ts'
import { pageMeta } from '../../../site/meta.ts'

export const meta = pageMeta(homeInsurancePage)
export const handle: RouteHandle = { formIsland: true }

/** The quote section holds the rater's live frame when one is set up, and the quote request form. */
export default function HomeInsurancePage() {
  const page = useLocalized(homeInsurancePage)
  return <RaterOrQuoteForm page={page} raterUrl={agency.thirdParty.homeQuoteUrl} line="Home Insurance" />
}
