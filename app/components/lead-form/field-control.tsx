import { Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import type { FormUiCopy } from '#content/form-ui.ts'
import { resolveDateLimit } from '#forms/dates.ts'
import type { Field, Option } from '#forms/engine.ts'
import { isHoneypotField } from '#forms/honeypot.ts'
import { patternInputMode, patternSource } from '#forms/patterns.ts'
import { EmailInput } from './email-suggestion.tsx'

/** A control's id from its field name (brackets of flag groups are not id material). */
export const controlId = (idPrefix: string, name: string) =>
  `${idPrefix}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`

/**
 * The keypad a phone shows: the telephone pad for phone numbers (it has "+", and on Android "(" and
 * "-", which the hint's "(770) 555-0142" uses), the digits pad for digits-only fields (SSN, EIN).
 */
function inputModeOf(field: Field): 'tel' | 'numeric' | undefined {
  if (field.kind === 'tel') return 'tel'
  return field.kind === 'text' ? patternInputMode(field.pattern) : undefined
}

/** The note beside a sensitive field: the EIN's, or the SSN's. */
export function sensitiveNoteOf(name: string, copy: FormUiCopy): string {
  return name === 'ein' ? copy.sensitiveNote.ein : copy.sensitiveNote.ssn
}

export function FieldControl({
  field,
  initial,
  idPrefix,
  today,
  error,
  note,
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
  /** Said where an error would be, without marking the field invalid (the server's "type it again"). */
  note?: string | undefined
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
  const message = error ?? note
  const describedBy =
    [field.hint ? hintId : '', sensitiveNote ? noteId : '', message ? errorId : '']
      .filter(Boolean)
      .join(' ') || undefined
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

  if (isHoneypotField(field)) {
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
      {message ? (
        <span id={errorId} className="field__error">
          {message}
        </span>
      ) : null}
    </>
  )
  /** Most controls: the label above the control, then the hint, note and message. */
  const labelled = (control: ReactNode, className = 'field') => (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {control}
      {extras}
    </div>
  )
  const optionElement = (option: Option) => (
    <option key={option.value} value={option.value}>
      {t(option.label)}
    </option>
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
      return labelled(
        <select {...common} defaultValue={start ?? ''}>
          {field.defaultValue === undefined ? <option value="">{placeholder}</option> : null}
          {field.groups?.map((group) => (
            <optgroup key={group.label} label={groupLabel(group.label)}>
              {field.options.filter((option) => group.values.includes(option.value)).map(optionElement)}
            </optgroup>
          ))}
          {/* Every option is offered: those in no group (all of them without groups) follow. */}
          {field.options
            .filter((option) => !field.groups?.some((group) => group.values.includes(option.value)))
            .map(optionElement)}
        </select>,
      )
    case 'textarea':
      return labelled(
        <textarea {...common} rows={4} maxLength={field.maxLength} defaultValue={start} />,
        'field field--wide',
      )
    case 'date':
      return labelled(
        <input
          {...common}
          type="date"
          defaultValue={start}
          min={today && field.min ? resolveDateLimit(field.min, today) : undefined}
          max={today && field.max ? resolveDateLimit(field.max, today) : undefined}
        />,
      )
    case 'number':
      return labelled(
        <input
          {...common}
          type="number"
          inputMode={field.decimals ? 'decimal' : 'numeric'}
          min={field.min}
          max={field.max}
          step={field.decimals ? 0.1 : 1}
          defaultValue={start}
        />,
      )
    default:
      return labelled(
        field.kind === 'email' ? (
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
        ),
      )
  }
}
