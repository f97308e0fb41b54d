import { CircleCheck, CircleX, Lock } from 'lucide-react'
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react'
import type { Locale } from '#app/site/route-table.ts'
import { formMessages } from '#content/form-messages.ts'
import { type FormUiCopy, formUiCopy } from '#content/form-ui.ts'
import type { FormDefinition } from '#forms/engine.ts'
import { allFields, longFormFieldCount } from '#forms/engine.ts'
import { type FieldMessages, normalizeFieldValue, validateField } from '#forms/field-rules.ts'
import { isHoneypotField } from '#forms/honeypot.ts'
import { Confirmation, nextStepSentence, PhoneLink, Reference } from './confirmation.tsx'
import { ErrorSummary, type SummaryError } from './error-summary.tsx'
import { controlId, FieldControl, sensitiveNoteOf } from './field-control.tsx'
import { clearDraft, draftScope, saveDraft } from './form-draft.ts'
import { createProofOfWork } from './proof-solver.ts'
import { currentPage, forgetSent, keepSent, readSent, type SentRequest } from './sent-request.ts'
import { newIdempotencyKey, submitLead } from './submit-lead.ts'
import { useNotKeptNote } from './use-draft.ts'

/** The element id of a page's form island (one form per page: components/page-form.tsx). */
export const requestFormAnchor = 'request-form'

type Outcome = { kind: 'success'; reference?: string } | { kind: 'failure' }

/**
 * The server's answer to a form the browser posted itself (no JavaScript, server/no-js): the
 * errors it found, by field name, and notes beside fields whose value it did not send back (an SSN
 * or EIN). The form renders them as it renders its own: the same summary, the same messages.
 */
export interface ServerAnswer {
  errors: Readonly<Record<string, string>>
  notes: Readonly<Record<string, string>>
}

/** For the island: puts the tab's draft back before it hydrates the form (./form-draft.ts). */
export { draftScope, restoreDraft } from './form-draft.ts'

/** A section's element id (steps link to it). */
const sectionId = (idPrefix: string, index: number) => `${idPrefix}-part-${index + 1}`

/** Required fields with no value before the visitor starts (a preselected option counts as filled). */
function initialRequiredLeft(form: FormDefinition, initialValues: Readonly<Record<string, string>>): number {
  return allFields(form).filter(
    (field) =>
      field.required &&
      !initialValues[field.name] &&
      !((field.kind === 'select' || field.kind === 'radio') && field.defaultValue),
  ).length
}

const noValues: Readonly<Record<string, string>> = {}

interface Remaining {
  /** Required fields without a valid value. */
  required: number
  /** Fields (required or not) whose value breaks a rule or is missing. */
  invalid: number
  /** The first field to go to: a missing required one, else the first invalid one. */
  first?: string
}

/**
 * Renders any form definition as an accessible HTML form with native validation attributes, and
 * submits it through the shared routine. The submit button reads as disabled (aria-disabled) until
 * the browser finds the whole form valid, re-checked on every input (docs/decisions/012-forms-on-a-phone.md); it stays tappable so a
 * tap on it explains what is missing: the error summary at the top and the error beside each field.
 * Long forms show their parts as numbered steps; optional repeats wait closed until asked for.
 */
export function LeadForm({
  form,
  locale,
  translate,
  initialValues = noValues,
  draftRestored = false,
  answer,
  pagePath,
}: {
  form: FormDefinition
  locale: Locale
  /**
   * The path of the page holding the form ('/es/insurance/life/life-insurance'): without the island
   * the browser posts the form to it, so a refused post is answered at the page's own address.
   */
  pagePath: string
  /** The visitor's words for the definition's English texts (labels, legends, options). */
  translate: (english: string) => string
  /** Values the controls start with (and return to on reset), by field name. */
  initialValues?: Readonly<Record<string, string>>
  /** Whether the island put back a draft of this tab before hydrating (./form-draft.ts restoreDraft). */
  draftRestored?: boolean
  /** Rendered on the server only: the errors of a post without JavaScript (initialValues hold its answers). */
  answer?: ServerAnswer
}) {
  const copy = formUiCopy[locale]
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const summaryRef = useRef<HTMLDivElement>(null)
  const confirmationRef = useRef<HTMLElement>(null)
  const inFlight = useRef(false)
  const proofOfWork = useRef(createProofOfWork(form.key))
  /** The last submission tried: a retry of the same answers keeps its idempotency key. */
  const lastAttempt = useRef<{ body: string; key: string } | null>(null)
  // Ids from the form key, not useId: the island hydrates this form outside the page's React tree,
  // and one page holds one form.
  const idPrefix = `lf-${form.key}`
  // Date limits come from the visitor's own clock after hydration, never from the build machine's.
  const [today, setToday] = useState<Date | null>(null)
  const [valid, setValid] = useState(false)
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  // A request sent from this page in this tab: once the dialog is closed, its confirmation stands
  // in the form's place.
  const [sent, setSent] = useState<SentRequest | null>(null)
  // A request sent with the same form from another page (three pages share the quote request):
  // this page shows its form, with a note of that request.
  const [sentElsewhere, setSentElsewhere] = useState<SentRequest | null>(null)
  const focusAfterSwap = useRef(false)
  const [errors, setErrors] = useState<Record<string, string>>(() => ({ ...answer?.errors }))
  // The summary lists the problems found at the refused submit and stays as it was until the next
  // one (GOV.UK's model): entries vanishing as fields are fixed would move the page under the finger.
  const [summary, setSummary] = useState<readonly SummaryError[] | null>(() =>
    answer ? summaryOf(form, answer.errors, idPrefix, translate) : null,
  )
  const [remaining, setRemaining] = useState<Remaining>(() => ({
    required: initialRequiredLeft(form, initialValues),
    invalid: initialRequiredLeft(form, initialValues),
  }))
  const [openParts, setOpenParts] = useState<ReadonlySet<number>>(new Set())
  const [currentPart, setCurrentPart] = useState<number | null>(null)
  const summaryFocus = useRef(false)

  const messages = formMessages[locale]
  const t = translate
  const fields = allFields(form)
  const long = fields.length > longFormFieldCount

  const revalidate = useCallback(() => {
    const el = formRef.current
    if (!el) return
    if (today) applyFieldMessages(el, form, today, messages)
    setValid(el.checkValidity())
    setRemaining(remainingFields(el, form, idPrefix))
  }, [form, today, messages, idPrefix])

  const scope = draftScope(form.key, initialValues)
  // Once the visitor's clock is known: show a confirmation this tab keeps, then check the form
  // (the island restored the tab's draft into the controls before hydrating them).
  useEffect(() => {
    setToday(new Date())
    const kept = readSent(form.key)
    if (kept && kept.page === currentPage()) setSent(kept)
    else if (kept) setSentElsewhere(kept)
  }, [form.key])
  const notKept = useNotKeptNote({ form, ready: today !== null, restored: draftRestored, t: translate })
  useEffect(() => {
    const el = formRef.current
    if (!today || !el) return
    // The island wakes at the visitor's first touch (app/site/lead-form-island.ts): when that touch
    // was a focus inside the form, it has already happened, so the proof of work starts now.
    if (el.contains(document.activeElement)) proofOfWork.current.start()
    revalidate()
  }, [today, revalidate])

  const onInput = (target?: EventTarget) => {
    keepLanguageSwitchAtForm()
    revalidate()
    const el = formRef.current
    if (el) saveDraft(form, el, scope)
    if (target) updateFieldError(target, 'input')
  }

  /**
   * A field's own message: shown when the visitor leaves it invalid ('late'), updated or removed as
   * soon as typing fixes it ('early'). Nothing disappears on blur, so nothing moves under the
   * pointer while the visitor taps the next control.
   */
  const updateFieldError = (target: EventTarget, on: 'blur' | 'input') => {
    if (!isControl(target)) return
    const name = target.name
    if (!name) return
    setErrors((prev) => {
      const message = target.validity.valid ? '' : target.validationMessage
      if ((prev[name] ?? '') === message) return prev
      if (on === 'blur' && !message) return prev
      if (on === 'input' && prev[name] === undefined) return prev
      const next = { ...prev }
      if (message) next[name] = message
      else delete next[name]
      return next
    })
  }

  useEffect(() => {
    if (summary && summaryFocus.current) {
      summaryFocus.current = false
      // A long summary is taller than a phone's screen: the browser's own scroll to the focused
      // box would show its middle, so the focus does not scroll and the box's top (its heading)
      // is brought to the top of the screen instead.
      summaryRef.current?.focus({ preventScroll: true })
      summaryRef.current?.scrollIntoView({ block: 'start' })
    }
  }, [summary])

  /** Stops an invalid submit: the summary at the top lists every problem and takes the focus. */
  const refuse = (el: HTMLFormElement) => {
    const found = invalidFieldMessages(el)
    setErrors(found)
    summaryFocus.current = true
    setSummary(summaryOf(form, found, idPrefix, t))
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const el = event.currentTarget
    if (inFlight.current) return
    if (!el.checkValidity()) {
      refuse(el)
      return
    }
    setSummary(null)
    inFlight.current = true
    setSending(true)
    const values = collectValues(el, form)
    const body = JSON.stringify(values)
    if (lastAttempt.current?.body !== body) lastAttempt.current = { body, key: newIdempotencyKey() }
    const result = await submitLead(form.key, values, {
      idempotencyKey: lastAttempt.current.key,
      language: locale,
      proofOfWork: await proofOfWork.current.take(),
    })
    inFlight.current = false
    setSending(false)
    if (result.ok) {
      lastAttempt.current = null
      proofOfWork.current.reset()
      el.reset()
      for (const details of el.querySelectorAll('details')) details.open = false
      clearDraft(form.key, scope)
      setErrors({})
      setValid(el.checkValidity())
      setRemaining(remainingFields(el, form, idPrefix))
      const request: SentRequest = {
        at: Date.now(),
        page: currentPage(),
        ...(result.reference ? { reference: result.reference } : {}),
      }
      keepSent(form.key, request)
      setSent(request)
      setSentElsewhere(null)
      setOutcome({ kind: 'success', ...(result.reference ? { reference: result.reference } : {}) })
    } else {
      console.error(result.error)
      if (result.fields) setErrors(result.fields)
      setOutcome({ kind: 'failure' })
    }
  }

  useEffect(() => {
    const dialog = dialogRef.current
    if (outcome && dialog && !dialog.open) dialog.showModal()
  }, [outcome])

  const closeDialog = () => dialogRef.current?.close()
  const onDialogClose = () => {
    if (outcome?.kind === 'success') focusAfterSwap.current = true
    else submitRef.current?.focus()
    setOutcome(null)
  }
  const showConfirmation = sent !== null && outcome === null

  /** Back to an empty form: the confirmation is forgotten and the first field takes the focus. */
  const sendAnother = () => {
    forgetSent(form.key)
    focusAfterSwap.current = true
    setSent(null)
  }

  // After the swap the focus follows: to the confirmation, or to the form's first field.
  useEffect(() => {
    if (!focusAfterSwap.current) return
    focusAfterSwap.current = false
    if (showConfirmation) confirmationRef.current?.focus()
    else formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus()
  }, [showConfirmation])

  /** Moves focus to a field, opening the optional part that holds it. */
  const goToControl = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const control = document.getElementById(id)
    if (!control) return
    event.preventDefault()
    const details = control.closest('details')
    if (details) details.open = true
    control.focus()
    control.scrollIntoView({ block: 'center' })
  }

  /** Closes an optional part and empties its fields, so nothing hidden is sent. */
  const removePart = (index: number) => {
    const details = formRef.current?.querySelector<HTMLDetailsElement>(
      `#${sectionId(idPrefix, index)}-details`,
    )
    if (!details) return
    for (const control of details.querySelectorAll('input, select, textarea')) clearControl(control)
    details.open = false
    setErrors((prev) => {
      const next = { ...prev }
      for (const field of form.sections[index]?.fields ?? []) delete next[field.name]
      return next
    })
    onInput()
    details.querySelector('summary')?.focus()
  }

  const onToggle = (index: number, open: boolean) =>
    setOpenParts((prev) => {
      if (prev.has(index) === open) return prev
      const next = new Set(prev)
      if (open) next.add(index)
      else next.delete(index)
      return next
    })

  const onFocusIn = (target: EventTarget) => {
    proofOfWork.current.start()
    if (!(target instanceof Element)) return
    const part = target.closest<HTMLElement>('[data-part]')?.dataset.part
    if (part !== undefined) setCurrentPart(Number(part))
  }

  // Prerendered (and until the island runs) the button works and the browser posts the form itself
  // (server/no-js); once hydrated, disabled until the form is valid (docs/contracts.md, "Forms").
  const hydrated = today !== null
  const disabled = hydrated && !form.submitAlwaysEnabled && !valid
  const tipId = `${idPrefix}-secure-tip`
  const remainingId = `${idPrefix}-remaining`
  const steps = form.sections.flatMap((section, index) =>
    !section.closed || openParts.has(index) ? [index] : [],
  )
  const sectionBody = (index: number) => {
    const section = form.sections[index]
    if (!section) return null
    const step = steps.indexOf(index)
    return (
      <fieldset
        key={section.legend}
        className="lead-form__section"
        id={section.closed ? undefined : sectionId(idPrefix, index)}
        data-part={index}
      >
        <legend>{t(section.legend)}</legend>
        {long && step >= 0 ? <p className="lead-form__step">{copy.stepOf(step + 1, steps.length)}</p> : null}
        {section.hint ? <p className="lead-form__hint">{t(section.hint)}</p> : null}
        <div className="lead-form__grid">
          {section.fields.map((field) => (
            <FieldControl
              key={field.name}
              field={field}
              initial={initialValues[field.name]}
              idPrefix={idPrefix}
              today={today}
              error={errors[field.name]}
              note={answer?.notes[field.name]}
              placeholder={copy.selectPlaceholder}
              honeypotLabel={copy.honeypotLabel}
              sensitiveNote={field.sensitive ? sensitiveNoteOf(field.name, copy) : undefined}
              didYouMean={copy.didYouMean}
              groupLabel={copy.optionGroupLabel}
              t={t}
            />
          ))}
        </div>
        {section.closed ? (
          <button
            type="button"
            className="button button--ghost lead-form__remove"
            onClick={() => removePart(index)}
          >
            {t(section.closed.remove)}
          </button>
        ) : null}
      </fieldset>
    )
  }

  return (
    <>
      <form
        ref={formRef}
        // Without the island (not yet loaded, blocked, failed) the browser posts the form to its
        // page's own address itself (server/routes/forms.ts answers there).
        method="post"
        action={pagePath}
        className="lead-form"
        onSubmit={onSubmit}
        onInput={(e) => onInput(e.target)}
        onChange={(e) => onInput(e.target)}
        onBlur={(e) => updateFieldError(e.target, 'blur')}
        onFocus={(e) => onFocusIn(e.target)}
        aria-describedby={`${idPrefix}-legend`}
        data-form-key={form.key}
        // Present once the island runs (tests wait for it before they rely on the island's behaviour).
        data-hydrated={hydrated ? '' : undefined}
        hidden={showConfirmation}
      >
        {summary && summary.length > 0 ? (
          <ErrorSummary
            title={copy.errorSummaryTitle}
            errors={summary}
            summaryRef={summaryRef}
            onFollow={goToControl}
            // Without JavaScript nothing moves the focus: the page sent back puts it here on load.
            autoFocus={answer !== undefined}
          />
        ) : null}
        <p className="lead-form__legend" id={`${idPrefix}-legend`}>
          <span className="required-mark" aria-hidden="true">
            *
          </span>{' '}
          {copy.requiredLegend}
        </p>
        {notKept.length > 0 ? (
          <p className="lead-form__not-kept">{copy.notKept(notKept.join(', '))}</p>
        ) : null}
        {sentElsewhere ? (
          <p className="lead-form__sent-elsewhere">
            {copy.sentElsewhere}
            {sentElsewhere.reference ? (
              <>
                {' '}
                {copy.referenceLine} <Reference value={sentElsewhere.reference} />
              </>
            ) : null}
          </p>
        ) : null}
        {long ? (
          <nav className="form-steps" aria-label={copy.stepsLabel}>
            <ol>
              {steps.map((index) => (
                <li key={index}>
                  <a
                    href={`#${sectionId(idPrefix, index)}`}
                    aria-current={currentPart === index ? 'step' : undefined}
                  >
                    {t(form.sections[index]?.legend ?? '')}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        ) : null}
        {form.sections.map((section, index) =>
          section.closed ? (
            <details
              key={section.legend}
              className="lead-form__repeat"
              id={`${sectionId(idPrefix, index)}-details`}
              onToggle={(e) => onToggle(index, e.currentTarget.open)}
            >
              <summary className="button button--ghost">{t(section.closed.add)}</summary>
              <div id={sectionId(idPrefix, index)}>{sectionBody(index)}</div>
            </details>
          ) : (
            sectionBody(index)
          ),
        )}
        <p className="secure-line">
          <Lock aria-hidden="true" width={18} height={18} />
          <span>{copy.secureLine}</span>
          <span className="tooltip">
            <button
              type="button"
              className="tooltip__trigger"
              aria-label={copy.secureTipLabel}
              aria-describedby={tipId}
            >
              ?
            </button>
            <span role="tooltip" id={tipId} className="tooltip__bubble">
              {copy.secureTip}
            </span>
          </span>
          <a className="secure-line__privacy" href={locale === 'en' ? '/privacy' : `/${locale}/privacy`}>
            {copy.privacyLink}
          </a>
        </p>
        <p className="lead-form__remaining">
          <span id={remainingId} aria-live="polite">
            {remaining.required > 0
              ? copy.requiredLeft(remaining.required)
              : remaining.invalid > 0
                ? copy.toFix(remaining.invalid)
                : copy.allFilled}
          </span>
          {remaining.first && (remaining.required > 0 || remaining.invalid > 0) ? (
            <>
              {' '}
              <a
                href={`#${remaining.first}`}
                onClick={(event) => remaining.first && goToControl(event, remaining.first)}
              >
                {copy.goToFirst(remaining.required || remaining.invalid)}
              </a>
            </>
          ) : null}
        </p>
        <button
          ref={submitRef}
          type="submit"
          className="button button--accent button--large lead-form__submit"
          aria-disabled={disabled || sending ? true : undefined}
          data-until-valid={form.submitAlwaysEnabled ? undefined : ''}
          aria-describedby={remainingId}
          aria-busy={sending}
          onClick={(event) => {
            // A tap on the greyed button explains instead of sending: disabled until valid, yet
            // focusable and tappable (docs/decisions/012-forms-on-a-phone.md).
            // (On the ATV form, whose button is never disabled, the same explanation replaces the
            // browser's bubble.)
            if (sending) event.preventDefault()
            else if (formRef.current && !formRef.current.checkValidity()) {
              event.preventDefault()
              refuse(formRef.current)
            }
          }}
        >
          {sending ? copy.sending : t(form.submitLabel)}
        </button>
      </form>
      {showConfirmation ? (
        <Confirmation
          form={form}
          locale={locale}
          sent={sent}
          copy={copy}
          idPrefix={idPrefix}
          sectionRef={confirmationRef}
          onAnother={sendAnother}
        />
      ) : null}
      <dialog
        ref={dialogRef}
        className={`result-dialog result-dialog--${outcome?.kind ?? 'idle'}`}
        aria-labelledby={`${idPrefix}-dialog-message`}
        onClose={onDialogClose}
      >
        {outcome?.kind === 'success' ? (
          <CircleCheck aria-hidden="true" width={48} height={48} className="result-dialog__icon" />
        ) : (
          <CircleX aria-hidden="true" width={48} height={48} className="result-dialog__icon" />
        )}
        <p id={`${idPrefix}-dialog-message`} className="result-dialog__message">
          {outcome?.kind === 'success' ? copy.successMessage : copy.failureMessage}
        </p>
        {outcome ? <OutcomeDetails outcome={outcome} form={form} locale={locale} copy={copy} /> : null}
        <button type="button" className="button" onClick={closeDialog}>
          {copy.dialogClose}
        </button>
      </dialog>
    </>
  )
}

/**
 * What follows the dialog's fixed words (content/form-ui.ts): the reference and the next step, or
 * the phone.
 */
function OutcomeDetails({
  outcome,
  form,
  locale,
  copy,
}: {
  outcome: Outcome
  form: FormDefinition
  locale: Locale
  copy: FormUiCopy
}) {
  const phone = <PhoneLink className="result-dialog__phone" />
  if (outcome.kind === 'failure') {
    return (
      <div className="result-dialog__details">
        <p>{copy.answersKept}</p>
        <p>
          {copy.callInstead} {phone}
        </p>
      </div>
    )
  }
  return (
    <div className="result-dialog__details">
      {outcome.reference ? (
        <p>
          {copy.referenceLine} <Reference value={outcome.reference} className="result-dialog__reference" />
        </p>
      ) : null}
      <p>{nextStepSentence(form, new Date(), locale, copy)}</p>
      <p>
        {copy.callUs} {phone}
      </p>
    </div>
  )
}

/**
 * Once the visitor has started the form, the link to the other language opens that page at its
 * form (the draft comes along: ./form-draft.ts), not at its top, a screen or two above it.
 */
function keepLanguageSwitchAtForm(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-language-switch]')) {
    const url = new URL(link.href)
    if (url.hash === `#${requestFormAnchor}`) continue
    url.hash = requestFormAnchor
    link.href = url.toString()
  }
}

/** The summary's entries: each field's label and problem, in the form's order. */
function summaryOf(
  form: FormDefinition,
  found: Readonly<Record<string, string>>,
  idPrefix: string,
  t: (english: string) => string,
): SummaryError[] {
  return allFields(form).flatMap((field) => {
    const message = found[field.name]
    return message
      ? [{ controlId: controlId(idPrefix, field.name), text: `${t(field.label)}: ${message}` }]
      : []
  })
}

function isControl(
  target: EventTarget | null,
): target is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement {
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
  )
}

function clearControl(control: Element) {
  if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox'))
    control.checked = control.defaultChecked
  else if (control instanceof HTMLSelectElement) {
    for (const option of control.options) option.selected = option.defaultSelected
  } else if (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement)
    control.value = control.defaultValue
}

/** How many required fields are still to fill, how many fields are wrong, and where to start. */
function remainingFields(el: HTMLFormElement, form: FormDefinition, idPrefix: string): Remaining {
  let required = 0
  let invalid = 0
  let firstRequired: string | undefined
  let firstInvalid: string | undefined
  for (const field of allFields(form)) {
    const control = el.elements.namedItem(field.name)
    const first = control instanceof RadioNodeList ? control[0] : control
    if (!first || !isControl(first) || first.validity.valid) continue
    invalid++
    firstInvalid ??= controlId(idPrefix, field.name)
    if (field.required && (first.validity.valueMissing || (first.value ?? '') === '')) {
      required++
      firstRequired ??= controlId(idPrefix, field.name)
    }
  }
  const first = firstRequired ?? firstInvalid
  return { required, invalid, ...(first ? { first } : {}) }
}

/**
 * The schema's own rules, in the page's language, as each control's custom validity: the browser
 * then checks exactly what the server checks and reports it in the visitor's language. Radio
 * groups and checkboxes keep the browser's native checks (required, nothing else applies).
 */
function applyFieldMessages(el: HTMLFormElement, form: FormDefinition, today: Date, messages: FieldMessages) {
  for (const field of allFields(form)) {
    if (field.kind === 'radio' || field.kind === 'checkbox' || isHoneypotField(field)) continue
    const control = el.elements.namedItem(field.name)
    if (
      control instanceof HTMLInputElement ||
      control instanceof HTMLSelectElement ||
      control instanceof HTMLTextAreaElement
    ) {
      control.setCustomValidity(validateField(field, control.value, today, messages) ?? '')
    }
  }
}

/** The browser's own message for every control that fails its constraints. */
function invalidFieldMessages(el: HTMLFormElement): Record<string, string> {
  const messages: Record<string, string> = {}
  for (const control of Array.from(el.elements)) {
    if (
      (control instanceof HTMLInputElement ||
        control instanceof HTMLSelectElement ||
        control instanceof HTMLTextAreaElement) &&
      control.name &&
      !control.validity.valid
    ) {
      messages[control.name] = control.validationMessage
    }
  }
  return messages
}

/** Phone numbers, SSNs and the EIN: sent as their digits, whatever formatting the visitor typed. */
function normalizedOnSend(field: FormDefinition['sections'][number]['fields'][number]): boolean {
  return field.kind === 'tel' || (field.kind === 'text' && field.pattern === 'taxNumber')
}

/**
 * The submitted body: every field of the definition by its name; unticked boxes are left out;
 * phone numbers as their 10 digits and SSNs and the EIN as their 9, whatever formatting the visitor
 * typed (docs/contracts.md, "Forms").
 */
function collectValues(el: HTMLFormElement, form: FormDefinition): Record<string, string> {
  const data = new FormData(el)
  const body: Record<string, string> = {}
  for (const field of allFields(form)) {
    const value = data.get(field.name)
    if (typeof value === 'string')
      body[field.name] = normalizedOnSend(field) ? normalizeFieldValue(field, value.trim()) : value
  }
  return body
}
