import { RaterOrQuoteForm } from '#app/components/rater-or-quote-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { agency } from '#config/agency.ts'
import { homeInsurancePage } from '#content/pages/home-insurance.ts'

export const meta = pageMeta(homeInsurancePage)
export const handle: RouteHandle = { formIsland: true }

/** The quote section holds the rater's live frame when one is set up, and the quote request form. */
export default function HomeInsurancePage() {
  const page = useLocalized(homeInsurancePage)
  return <RaterOrQuoteForm page={page} raterUrl={agency.thirdParty.homeQuoteUrl} line="Home Insurance" />
}
