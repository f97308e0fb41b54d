import { CircleCheck, CircleX, Lock } from 'lucide-react'
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react'
import { formMessages } from '../../../content/form-messages.ts'
import { formUiCopy } from '../../../content/form-ui.ts'
import { resolveDateLimit } from '../../../forms/dates.ts'
import type { Field, FormDefinition } from '../../../forms/engine.ts'
import { allFields } from '../../../forms/engine.ts'
import { type FieldMessages, validateField } from '../../../forms/field-rules.ts'
import { patternSource } from '../../../forms/patterns.ts'
import type { Locale } from '../../site/route-table.ts'
import { newIdempotencyKey, submitLead } from './submit-lead.ts'

type Outcome = 'success' | 'failure'

/**
 * Renders any form definition as an accessible HTML form with native validation attributes, and
 * submits it through the shared routine. The submit button stays disabled until the browser
 * finds the whole form valid (except where the definition says otherwise), re-checked on every input.
 */
export function LeadForm({
  form,
  locale,
  translate,
}: {
  form: FormDefinition
  locale: Locale
  /** The visitor's words for the definition's English texts (labels, legends, options). */
  translate: (english: string) => string
}) {
  const copy = formUiCopy[locale]
  const formRef = useRef<HTMLFormElement>(null)
  const submitRef = useRef<HTMLButtonElement>(null)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const inFlight = useRef(false)
  // Ids from the form key, not useId: the island hydrates this form outside the page's React tree,
  // and one page holds one form.
  const idPrefix = `lf-${form.key}`
  // Date limits come from the visitor's own clock after hydration, never from the build machine's.
  const [today, setToday] = useState<Date | null>(null)
  const [valid, setValid] = useState(false)
  const [sending, setSending] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [announcement, setAnnouncement] = useState('')

  useEffect(() => setToday(new Date()), [])

  const messages = formMessages[locale]
  const t = translate

  const revalidate = useCallback(() => {
    const el = formRef.current
    if (!el) return
    if (today) applyFieldMessages(el, form, today, messages)
    setValid(el.checkValidity())
  }, [form, today, messages])

  // limits change validity: check again once they are in place
  useEffect(() => {
    if (today) revalidate()
  }, [today, revalidate])

  const showFieldError = (target: EventTarget) => {
    if (
      !(
        target instanceof HTMLInputElement ||
        target instanceof HTMLSelectElement ||
        target instanceof HTMLTextAreaElement
      )
    )
      return
    const name = target.name
    if (!name) return
    setErrors((prev) => {
      const message = target.validity.valid ? '' : target.validationMessage
      if ((prev[name] ?? '') === message) return prev
      const next = { ...prev }
      if (message) next[name] = message
      else delete next[name]
      return next
    })
  }

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const el = event.currentTarget
    if (inFlight.current) return
    if (!el.checkValidity()) {
      setErrors(invalidFieldMessages(el))
      setAnnouncement(copy.fixFields)
      el.reportValidity()
      return
    }
    inFlight.current = true
    setSending(true)
    const result = await submitLead(form.key, collectValues(el, form), {
      idempotencyKey: newIdempotencyKey(),
      language: locale,
    })
    inFlight.current = false
    setSending(false)
    if (result.ok) {
      el.reset()
      setErrors({})
      setValid(el.checkValidity())
      setOutcome('success')
    } else {
      console.error(result.error)
      if (result.fields) setErrors(result.fields)
      setOutcome('failure')
    }
  }

  useEffect(() => {
    const dialog = dialogRef.current
    if (outcome && dialog && !dialog.open) dialog.showModal()
  }, [outcome])

  const closeDialog = () => dialogRef.current?.close()
  const onDialogClose = () => {
    setOutcome(null)
    submitRef.current?.focus()
  }

  const disabled = sending || (!form.submitAlwaysEnabled && !valid)
  const tipId = `${idPrefix}-secure-tip`

  return (
    <>
      <form
        ref={formRef}
        className="lead-form"
        onSubmit={onSubmit}
        onInput={revalidate}
        onChange={revalidate}
        onBlur={(e) => showFieldError(e.target)}
        aria-describedby={`${idPrefix}-legend`}
        data-form-key={form.key}
      >
        <p className="lead-form__legend" id={`${idPrefix}-legend`}>
          <span className="required-mark" aria-hidden="true">
            *
          </span>{' '}
          {copy.requiredLegend}
        </p>
        {form.sections.map((section) => (
          <fieldset key={section.legend} className="lead-form__section">
            <legend>{t(section.legend)}</legend>
            {section.hint ? <p className="lead-form__hint">{t(section.hint)}</p> : null}
            <div className="lead-form__grid">
              {section.fields.map((field) => (
                <FieldControl
                  key={field.name}
                  field={field}
                  idPrefix={idPrefix}
                  today={today}
                  error={errors[field.name]}
                  placeholder={copy.selectPlaceholder}
                  honeypotLabel={copy.honeypotLabel}
                  t={t}
                />
              ))}
            </div>
          </fieldset>
        ))}
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
        </p>
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        <button
          ref={submitRef}
          type="submit"
          className="button button--accent button--large lead-form__submit"
          disabled={disabled}
          aria-busy={sending}
        >
          {sending ? copy.sending : t(form.submitLabel)}
        </button>
      </form>
      <dialog
        ref={dialogRef}
        className={`result-dialog result-dialog--${outcome ?? 'idle'}`}
        aria-labelledby={`${idPrefix}-dialog-message`}
        onClose={onDialogClose}
      >
        {outcome === 'success' ? (
          <CircleCheck aria-hidden="true" width={48} height={48} className="result-dialog__icon" />
        ) : (
          <CircleX aria-hidden="true" width={48} height={48} className="result-dialog__icon" />
        )}
        <p id={`${idPrefix}-dialog-message`} className="result-dialog__message">
          {outcome === 'success' ? copy.successMessage : copy.failureMessage}
        </p>
        <button type="button" className="button" onClick={closeDialog}>
          {copy.dialogClose}
        </button>
      </dialog>
    </>
  )
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

/** The submitted body: every field of the definition by its spec name; unticked boxes are left out. */
function collectValues(el: HTMLFormElement, form: FormDefinition): Record<string, string> {
  const data = new FormData(el)
  const body: Record<string, string> = {}
  for (const field of allFields(form)) {
    const value = data.get(field.name)
    if (typeof value === 'string') body[field.name] = value
  }
  return body
}

function FieldControl({
  field,
  idPrefix,
  today,
  error,
  placeholder,
  honeypotLabel,
  t,
}: {
  field: Field
  idPrefix: string
  today: Date | null
  error: string | undefined
  placeholder: string
  honeypotLabel: string
  t: (english: string) => string
}) {
  const id = `${idPrefix}-${field.name.replace(/[^A-Za-z0-9_-]/g, '_')}`
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [field.hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name: field.name,
    required: field.required,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete: field.autoComplete,
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
                  defaultChecked={field.defaultValue === option.value}
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
            <input {...common} type="checkbox" value="true" />
            <span>{label}</span>
          </label>
          {extras}
        </div>
      )
    case 'select':
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <select {...common} defaultValue={field.defaultValue ?? ''}>
            {field.defaultValue === undefined ? <option value="">{placeholder}</option> : null}
            {field.options.map((option) => (
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
          <textarea {...common} rows={4} maxLength={field.maxLength} />
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
          <input {...common} type="number" inputMode="numeric" min={field.min} max={field.max} step={1} />
          {extras}
        </div>
      )
    default:
      return (
        <div className="field">
          <label htmlFor={id}>{label}</label>
          <input
            {...common}
            type={field.kind}
            inputMode={field.kind === 'tel' ? 'numeric' : undefined}
            pattern={field.pattern ? patternSource(field.pattern) : undefined}
            maxLength={field.maxLength}
          />
          {extras}
        </div>
      )
  }
}
