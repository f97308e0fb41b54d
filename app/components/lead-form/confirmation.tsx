import { CircleCheck } from 'lucide-react'
import type { RefObject } from 'react'
import type { Locale } from '#app/site/route-table.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { callBackSentence } from '#content/call-back.ts'
import type { FormUiCopy } from '#content/form-ui.ts'
import type { FormDefinition } from '#forms/engine.ts'
import type { SentRequest } from './sent-request.ts'

/** The agency's phone as a link a phone can call. */
export function PhoneLink({ className }: { className?: string }) {
  return (
    <a className={className} href={agencyPhone.href}>
      {agencyPhone.display}
    </a>
  )
}

/**
 * What happens after a request was sent at `sentAt`: the one call-back promise (content/call-back.ts),
 * or, for the forms that ask for no call (a testimonial, a referral), what the office does instead.
 */
export function nextStepSentence(
  form: FormDefinition,
  sentAt: Date,
  locale: Locale,
  copy: FormUiCopy,
): string {
  if (form.key === 'new-testimonial') return copy.testimonialNext
  if (form.key === 'new-referral') return copy.referralNext
  return callBackSentence(sentAt, locale)
}

/** The reference, never broken across lines. */
export function Reference({ value, className = '' }: { value: string; className?: string }) {
  return <strong className={`lead-reference ${className}`.trim()}>{value}</strong>
}

/**
 * What stays in the form's place after the success dialog: the request's reference, when the office
 * will call, its phone, and a way back to an empty form. A reload of the tab shows it again.
 */
export function Confirmation({
  form,
  locale,
  sent,
  copy,
  idPrefix,
  sectionRef,
  onAnother,
}: {
  form: FormDefinition
  locale: Locale
  sent: SentRequest
  copy: FormUiCopy
  idPrefix: string
  sectionRef: RefObject<HTMLElement | null>
  onAnother: () => void
}) {
  const titleId = `${idPrefix}-sent-title`
  return (
    <section ref={sectionRef} className="lead-confirmation" aria-labelledby={titleId} tabIndex={-1}>
      <CircleCheck aria-hidden="true" width={40} height={40} className="lead-confirmation__icon" />
      <h2 id={titleId} className="lead-confirmation__title">
        {copy.sentTitle}
      </h2>
      {sent.reference ? (
        <p>
          {copy.referenceLine} <Reference value={sent.reference} />
        </p>
      ) : null}
      <p>{nextStepSentence(form, new Date(sent.at), locale, copy)}</p>
      <p>
        {copy.callUs} <PhoneLink className="lead-confirmation__phone" />
      </p>
      <button type="button" className="button button--ghost" onClick={onAnother}>
        {copy.sendAnother}
      </button>
    </section>
  )
}
