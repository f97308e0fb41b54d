import { CircleCheck, CircleX, Lock } from 'lucide-react'
import { type FormEvent, type MouseEvent, useCallback, useEffect, useRef, useState } from 'react'
import { formMessages } from '../../../content/form-messages.ts'
import { type FormUiCopy, formUiCopy } from '../../../content/form-ui.ts'
import { resolveDateLimit } from '../../../forms/dates.ts'
import type { Field, FormDefinition } from '../../../forms/engine.ts'
import { allFields, longFormFieldCount } from '../../../forms/engine.ts'
import { type FieldMessages, normalizeFieldValue, validateField } from '../../../forms/field-rules.ts'
import { patternInputMode, patternSource } from '../../../forms/patterns.ts'
import type { Locale } from '../../site/route-table.ts'
import { Confirmation, callBackSentence, PhoneLink, Reference } from './confirmation.tsx'
import { EmailInput } from './email-suggestion.tsx'
import { ErrorSummary, type SummaryError } from './error-summary.tsx'
import { clearDraft, draftScope, saveDraft } from './form-draft.ts'
import { createProofOfWork } from './proof-of-work.ts'
import { forgetSent, keepSent, readSent, type SentRequest } from './sent-request.ts'
import { newIdempotencyKey, submitLead } from './submit-lead.ts'
import { useDraftRestore } from './use-draft.ts'

type Outcome = { kind: 'success'; reference?: string } | { kind: 'failure' }

/** For the island: what the prerendered controls hold before hydration (./form-draft.ts). */
export { typedValues as typedValuesOf } from './form-draft.ts'

/** A section's element id (steps link to it). */
const sectionId = (idPrefix: string, index: number) => `${idPrefix}-part-${index + 1}`

/** A control's id from its field name (brackets of flag groups are not id material). */
export const controlId = (idPrefix: string, name: string) =>
  `${idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`

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
  typedValues = noValues,
}: {
  form: FormDefinition
  locale: Locale
  /** The visitor's words for the definition's English texts (labels, legends, options). */
  translate: (english: string) => string
  /** Values the controls start with (and return to on reset), by field name. */
  initialValues?: Readonly<Record<string, string>>
  /** What the page's controls held when the island woke (typed or autofilled before it ran). */
  typedValues?: Readonly<Record<string, string>>
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
  // A request sent from this tab: once the dialog is closed, its confirmation stands in the form's place.
  const [sent, setSent] = useState<SentRequest | null>(null)
  const focusAfterSwap = useRef(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // The summary lists the problems found at the refused submit and stays as it was until the next
  // one (GOV.UK's model): entries vanishing as fields are fixed would move the page under the finger.
  const [summary, setSummary] = useState<readonly SummaryError[] | null>(null)
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
  // Once the visitor's clock is known: restore a draft of this tab (and a confirmation it keeps),
  // then check the form.
  useEffect(() => {
    setToday(new Date())
    const kept = readSent(form.key)
    if (kept) setSent(kept)
  }, [form.key])
  const notKept = useDraftRestore({
    form,
    formRef,
    ready: today !== null,
    scope,
    typed: typedValues,
    t: translate,
  })
  useEffect(() => {
    const el = formRef.current
    if (!today || !el) return
    // The island wakes at the visitor's first touch (app/site/lead-form-island.ts): when that touch
    // was a focus inside the form, it has already happened, so the proof of work starts now.
    if (el.contains(document.activeElement)) proofOfWork.current.start()
    revalidate()
  }, [today, revalidate])

  const onInput = (target?: EventTarget) => {
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
      summaryRef.current?.focus()
    }
  }, [summary])

  /** Stops an invalid submit: the summary at the top lists every problem and takes the focus. */
  const refuse = (el: HTMLFormElement) => {
    const found = invalidFieldMessages(el)
    setErrors(found)
    summaryFocus.current = true
    setSummary(
      fields.flatMap((field) => {
        const message = found[field.name]
        return message
          ? [{ controlId: controlId(idPrefix, field.name), text: `${t(field.label)}: ${message}` }]
          : []
      }),
    )
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
        ...(result.reference ? { reference: result.reference } : {}),
      }
      keepSent(form.key, request)
      setSent(request)
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
  // (server/no-js); once hydrated, the spec's rule applies: disabled until the form is valid.
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
        // Without the island (not yet loaded, blocked, failed) the browser posts the form here itself.
        method="post"
        action={`/api/forms/${form.key}${locale === 'en' ? '' : `?lang=${locale}`}`}
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
            // A tap on the greyed button explains instead of sending: the spec's disabled state,
            // kept focusable and tappable.
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
        {outcome ? <OutcomeDetails outcome={outcome} copy={copy} /> : null}
        <button type="button" className="button" onClick={closeDialog}>
          {copy.dialogClose}
        </button>
      </dialog>
    </>
  )
}

/** What follows the spec's words in the dialog: the reference and the next step, or the phone. */
function OutcomeDetails({ outcome, copy }: { outcome: Outcome; copy: FormUiCopy }) {
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
      <p>
        {copy.nextStep} {callBackSentence(new Date(), copy)}
      </p>
      <p>
        {copy.callUs} {phone}
      </p>
    </div>
  )
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
    if (field.kind === 'radio' || field.kind === 'checkbox' || (field.kind === 'text' && field.honeypot))
      continue
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

/**
 * The submitted body: every field of the definition by its spec name; unticked boxes are left out;
 * phone numbers as the digits the spec stores, whatever formatting the visitor typed.
 */
function collectValues(el: HTMLFormElement, form: FormDefinition): Record<string, string> {
  const data = new FormData(el)
  const body: Record<string, string> = {}
  for (const field of allFields(form)) {
    const value = data.get(field.name)
    if (typeof value === 'string')
      body[field.name] = field.kind === 'tel' ? normalizeFieldValue(field, value.trim()) : value
  }
  return body
}

/**
 * The keypad a phone shows: the telephone pad for phone numbers (it has "+", and on Android "(" and
 * "-", which the hint's "(770) 555-0142" uses), the digits pad for digits-only fields (SSN, EIN).
 */
function inputModeOf(field: Field): 'tel' | 'numeric' | undefined {
  if (field.kind === 'tel') return 'tel'
  return field.kind === 'text' ? patternInputMode(field.pattern) : undefined
}

/** The note beside a sensitive field: the EIN's, or the SSN's. */
function sensitiveNoteOf(name: string, copy: FormUiCopy): string {
  return name === 'ein' ? copy.sensitiveNote.ein : copy.sensitiveNote.ssn
}

function FieldControl({
  field,
  initial,
  idPrefix,
  today,
  error,
  placeholder,
  honeypotLabel,
  sensitiveNote,
  didYouMean,
  groupLabel,
  t,
}: {
  field: Field
  /** The value the control starts with; otherwise the definition's default. */
  initial: string | undefined
  idPrefix: string
  today: Date | null
  error: string | undefined
  placeholder: string
  honeypotLabel: string
  /** Why an SSN or EIN is asked and how it is kept. */
  sensitiveNote?: string | undefined
  /** The e-mail suggestion's opening words ("Did you mean"). */
  didYouMean: string
  /** A group of options' heading in the visitor's language. */
  groupLabel: (english: string) => string
  t: (english: string) => string
}) {
  const id = controlId(idPrefix, field.name)
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const noteId = `${id}-note`
  const describedBy =
    [field.hint ? hintId : '', sensitiveNote ? noteId : '', error ? errorId : ''].filter(Boolean).join(' ') ||
    undefined
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete: field.autoComplete,
  }
  const start =
    initial ?? (field.kind === 'select' || field.kind === 'radio' ? field.defaultValue : undefined)
  const input = {
    defaultValue: start,
    pattern:
      field.kind !== 'number' && 'pattern' in field && field.pattern
        ? patternSource(field.pattern)
        : undefined,
    maxLength: 'maxLength' in field ? field.maxLength : undefined,
  }

  if (field.kind === 'text' && field.honeypot) {
    // A trap for bots: off-screen, out of the tab order and hidden from assistive technology.
    return (
      <div className="honeypot" aria-hidden="true">
        <label htmlFor={id}>{honeypotLabel}</label>
        <input id={id} name={field.name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
    )
  }

  const label = (
    <>
      {t(field.label)}
      {field.required ? (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </>
  )
  const extras = (
    <>
      {field.hint ? (
        <span id={hintId} className="field__hint">
          {t(field.hint)}
        </span>
      ) : null}
      {sensitiveNote ? (
        <span id={noteId} className="field__hint field__note">
          <Lock aria-hidden="true" width={14} height={14} /> {sensitiveNote}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error">
          {error}
        </span>
      ) : null}
    </>
  )

  switch (field.kind) {
    case 'radio':
      return (
        <fieldset className="field field--radio" aria-describedby={describedBy}>
          <legend>{label}</legend>
          <div className="field__options">
            {field.options.map((option, i) => (
              <label key={option.value} className="choice">
                <input
                  type="radio"
                  name={field.name}
                  value={option.value}
                  required={field.required}
                  defaultChecked={start === option.value}
                  id={i === 0 ? id : undefined}
                />
                <span>{t(option.label)}</span>
              </label>
            ))}
          </div>
          {extras}
        </fieldset>
      )
    case 'checkbox':
      return (
        <div className="field field--checkbox">
          <label className="choice" htmlFor={id}>
            <input {...common} type="checkbox" value="true" defaultChecked={start === 'true'} />
            <span>{label}</span>
          </label>
          {extras}
        </div>
      )
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select {...common} defaultValue={start ?? ''}>
            {field.defaultValue === undefined ? <option value="">{placeholder}</option> : null}
            {field.groups?.map((group) => (
              <optgroup key={group.label} label={groupLabel(group.label)}>
                {field.options
                  .filter((option) => group.values.includes(option.value))
                  .map((option) => (
                    <option key={option.value} value={option.value}>
                      {t(option.label)}
                    </option>
                  ))}
              </optgroup>
            ))}
            {/* Every option is offered: those in no group (all of them without groups) follow. */}
            {field.options
              .filter((option) => !field.groups?.some((group) => group.values.includes(option.value)))
              .map((option) => (
                <option key={option.value} value={option.value}>
                  {t(option.label)}
                </option>
              ))}
          </select>
          {extras}
        </div>
      )
    case 'textarea':
      return (
        <div className="field field--wide">
          <label htmlFor={id}>{label}</label>
          <textarea {...common} rows={4} maxLength={field.maxLength} defaultValue={start} />
          {extras}
        </div>
      )
    case 'date':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            {...common}
            type="date"
            defaultValue={start}
            min={today && field.min ? resolveDateLimit(field.min, today) : undefined}
            max={today && field.max ? resolveDateLimit(field.max, today) : undefined}
          />
          {extras}
        </div>
      )
    case 'number':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            {...common}
            type="number"
            inputMode={field.decimals ? 'decimal' : 'numeric'}
            min={field.min}
            max={field.max}
            step={field.decimals ? 0.1 : 1}
            defaultValue={start}
          />
          {extras}
        </div>
      )
    default:
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          {field.kind === 'email' ? (
            <EmailInput inputProps={{ ...common, ...input }} didYouMean={didYouMean} />
          ) : (
            <input
              {...common}
              {...input}
              type={field.kind}
              inputMode={inputModeOf(field)}
              // An SSN or EIN shows as dots except while its field has the focus (app/styles/site.css).
              className={field.sensitive ? 'field__secret' : undefined}
              autoComplete={field.sensitive ? 'off' : common.autoComplete}
              spellCheck={field.sensitive ? false : undefined}
            />
          )}
          {extras}
        </div>
      )
  }
}
