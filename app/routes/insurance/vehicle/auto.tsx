import { RaterOrQuoteForm } from '#app/components/rater-or-quote-form.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { agency } from '#config/agency.ts'
import { autoPage } from '#content/pages/auto.ts'

export const meta = pageMeta(autoPage)
export const handle: RouteHandle = { formIsland: true }

/** The quote section holds the rater's live frame when one is set up, and the quote request form. */
export default function AutoInsurancePage() {
  const page = useLocalized(autoPage)
  return <RaterOrQuoteForm page={page} raterUrl={agency.thirdParty.autoQuoteUrl} line="Auto Insurance" />
}
