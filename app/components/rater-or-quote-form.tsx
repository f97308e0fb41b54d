import type { ContentPage, OwnQuoteFormCopy, ThirdPartyFrameCopy } from '#content/types.ts'
import { quoteRequest } from '#forms/definitions/quote-request.ts'
import { ContentPageView } from './content-page.tsx'
import { PageForm } from './page-form.tsx'
import { ThirdPartyFrame } from './third-party-frame.tsx'

/**
 * The quote section of the auto and home pages. With a rater's address (config/agency.ts), its live
 * frame and fallback link (docs/contracts.md, "Pages"), and the site's own quote request below as the
 * alternative; without one (a fresh install), only the quote request, never a dead frame. The
 * request starts with the page's line of insurance chosen.
 */
export function RaterOrQuoteForm({
  page,
  raterUrl,
  line,
}: {
  page: ContentPage & { frame: ThirdPartyFrameCopy; ownForm: OwnQuoteFormCopy }
  raterUrl: string | null
  /** The quote request's option for this page (a value of forms/groups.ts insuranceTypeOptions: 'Auto Insurance', 'Home Insurance'). */
  line: string
}) {
  const form = <PageForm form={quoteRequest} initialValues={{ consultationType: line }} />
  if (!raterUrl || !page.form) {
    const own = page.form
      ? { ...page.form, heading: page.ownForm.heading, intro: page.ownForm.intro }
      : undefined
    return <ContentPageView page={{ ...page, ...(own ? { form: own } : {}) }}>{form}</ContentPageView>
  }
  return (
    <ContentPageView page={page}>
      <ThirdPartyFrame src={raterUrl} {...page.frame} />
      <h3>{page.ownForm.alternativeHeading}</h3>
      <p>{page.ownForm.alternativeIntro}</p>
      {form}
    </ContentPageView>
  )
}
