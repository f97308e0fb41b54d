import { CircleCheck } from 'lucide-react'
import type { RefObject } from 'react'
import { agencyPhone } from '#config/agency-facts.ts'
import type { FormUiCopy } from '#content/form-ui.ts'
import { nextCall, timeLabel } from './office-hours.ts'
import type { SentRequest } from './sent-request.ts'

/** The agency's phone as a link a phone can call. */
export function PhoneLink({ className }: { className?: string }) {
  return (
    <a className={className} href={agencyPhone.href}>
      {agencyPhone.display}
    </a>
  )
}

/** When the office will call, counted from the moment the request was sent. */
export function callBackSentence(sentAt: Date, copy: FormUiCopy): string {
  const call = nextCall(sentAt)
  if (call.kind === 'today') return copy.callToday(timeLabel(call.closes, copy.am, copy.pm))
  if (call.kind === 'none') return copy.closedToday
  return copy.callNext(
    call.daysAhead,
    copy.weekdays[call.weekday] ?? '',
    timeLabel(call.opens, copy.am, copy.pm),
  )
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
  sent,
  copy,
  idPrefix,
  sectionRef,
  onAnother,
}: {
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
      <p>{callBackSentence(new Date(sent.at), copy)}</p>
      <p>
        {copy.callUs} <PhoneLink className="lead-confirmation__phone" />
      </p>
      <button type="button" className="button button--ghost" onClick={onAnother}>
        {copy.sendAnother}
      </button>
    </section>
  )
}
