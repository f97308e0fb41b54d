/**
 * What the server renders at run time for a form the browser posted itself (no JavaScript,
 * server/no-js): the same components the site is prerendered with, rendered again with the
 * visitor's answers, the errors, the request's reference. The build bundles this module for Node
 * (vite.no-js.config.ts, build/no-js/pages.js); the server puts each part in place of the same part
 * rendered as the prerendered page holds it, so both must come from one build.
 */
import type { ReactElement } from 'react'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { agencyPhone } from '#config/agency-facts.ts'
import { callBackSentence } from '#content/call-back.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { noJsCopy } from '#content/no-js.ts'
import type { FormDefinition } from '#forms/engine.ts'
import { nextStepSentence } from '../components/lead-form/confirmation.tsx'
import { LeadFormIslandScript } from '../components/lead-form-island-script.tsx'
import { LeadFormIsland } from '../components/page-form.tsx'
import NotFoundPage from '../routes/not-found.tsx'
import { ThankYouContent } from '../routes/thank-you.tsx'
import { type Locale, withLocale } from '../site/route-table.ts'

/** React's own escaping, for text the server puts into a page (the title). */
export function renderText(text: string): string {
  return renderToString(text)
}

/** A page's own content, under the router location it was prerendered at (hooks read the language). */
function atPath(locale: Locale, path: string, element: ReactElement): string {
  return renderToString(<MemoryRouter initialEntries={[withLocale(locale, path)]}>{element}</MemoryRouter>)
}

/**
 * A page's form region: as prerendered (no `answer`), or with the visitor's answers, the errors
 * beside their fields and the error summary on top.
 */
export function renderFormRegion(options: {
  form: FormDefinition
  locale: Locale
  pagePath: string
  initialValues?: Readonly<Record<string, string>> | undefined
  answer?: {
    values: Readonly<Record<string, string>>
    errors: Readonly<Record<string, string>>
    notes: Readonly<Record<string, string>>
  }
}): string {
  return renderToString(<LeadFormIsland {...options} />)
}

export function renderIslandScript(src: string): string {
  return renderToString(<LeadFormIslandScript src={src} />)
}

/**
 * The thank-you page's content; without a reference, as prerendered. With one, what happens next is
 * the one call-back promise counted from `sent.at` (or, for a testimonial or a referral, what the
 * office does instead), the same sentence the island's dialog and the visitor's e-mail say.
 */
export function renderThankYou(
  locale: Locale,
  reference?: string,
  sent?: { form: FormDefinition | undefined; at: Date },
): string {
  const next = sent?.form
    ? nextStepSentence(sent.form, sent.at, locale, formUiCopy[locale])
    : sent
      ? callBackSentence(sent.at, locale)
      : undefined
  return atPath(locale, '/thank-you', <ThankYouContent reference={reference} next={next} />)
}

/** The 404 page's content, as prerendered: the notices below take its place in its shell. */
export function renderNotFound(locale: Locale): string {
  return atPath(locale, '/404', <NotFoundPage />)
}

type NoticeKind = 'rate-limited' | 'failed'

export function noticeHeading(locale: Locale, kind: NoticeKind): string {
  return kind === 'rate-limited' ? noJsCopy[locale].rateLimitedHeading : formUiCopy[locale].failureMessage
}

/** Why a post was not taken (too many from this connection, or a failure), the phone, the way back. */
export function renderNotice(
  locale: Locale,
  kind: NoticeKind,
  { retryAfterSeconds, backPath }: { retryAfterSeconds?: number | undefined; backPath?: string | undefined },
): string {
  const copy = noJsCopy[locale]
  const minutes = Math.max(1, Math.ceil((retryAfterSeconds ?? 60) / 60))
  return renderToString(
    <div className="section">
      <div className="container prose">
        <h1>{noticeHeading(locale, kind)}</h1>
        <p>{kind === 'rate-limited' ? copy.tryAgainIn(minutes) : copy.failedText}</p>
        <p>
          {copy.callUs} <a href={agencyPhone.href}>{agencyPhone.display}</a>
        </p>
        <p>
          <a href={backPath ?? '/'}>{copy.goBack}</a>
        </p>
      </div>
    </div>,
  )
}
