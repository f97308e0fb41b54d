/**
 * A draft of the form in the visitor's own tab (sessionStorage): restored after a reload or a
 * back, cleared on success, gone when the tab closes, and never sent anywhere. SSNs, the EIN and
 * dates of birth are never written to it (docs/contracts.md, "Sensitive fields": they stay out of drafts).
 * Beside it the tab keeps the form's proof-of-work challenge (./proof-solver.ts), which holds
 * nothing the visitor typed: only what the server signed and the number the page found.
 */
import type { Field, FormDefinition } from '#forms/engine.ts'
import { allFields } from '#forms/engine.ts'
import { isHoneypotField } from '#forms/honeypot.ts'

/**
 * One draft per form whatever the page's language, so switching to Español mid-form keeps every
 * answer. A page that preselects answers (the quote request on the auto page, its line of
 * insurance) keeps a draft of its own: `scope` is the form's key plus those preselected values.
 */
export function draftScope(formKey: string, preset: Readonly<Record<string, string>>): string {
  const entries = Object.entries(preset).sort(([a], [b]) => (a < b ? -1 : 1))
  return entries.length === 0 ? formKey : `${formKey}?${new URLSearchParams(entries)}`
}
const storageKey = (scope: string) => `lead-form-draft:${scope}`
const challengeKey = (formKey: string) => `lead-form-challenge:${window.location.pathname}:${formKey}`

/**
 * dob, dob1, dob2, birthdate, birthdate1…3: the forms' dates of birth (and any date labelled so;
 * docs/contracts.md, "Forms").
 */
const birthDateName = /^(?:dob|birthdate)\d*$/
const birthDateLabel = /\bbirth/i

/** Whether a field's value may be kept in the draft. */
export function isKeptInDraft(field: Field): boolean {
  if (field.sensitive) return false
  if (isHoneypotField(field)) return false
  if (field.kind === 'date' && (birthDateName.test(field.name) || birthDateLabel.test(field.label)))
    return false
  return true
}

/** sessionStorage may be missing or refuse writes (private modes, full quota): drafts then just stop. */
function storage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

/** Writes the kept fields that have a value; an empty form removes the draft. */
export function saveDraft(form: FormDefinition, el: HTMLFormElement, scope: string): void {
  const data = new FormData(el)
  const draft: Record<string, string> = {}
  for (const field of allFields(form)) {
    if (!isKeptInDraft(field)) continue
    const value = data.get(field.name)
    if (typeof value === 'string' && value !== '') draft[field.name] = value
  }
  try {
    if (Object.keys(draft).length === 0) {
      storage()?.removeItem(storageKey(scope))
      markDraft(false)
    } else {
      storage()?.setItem(storageKey(scope), JSON.stringify(draft))
      markDraft(true)
    }
  } catch {
    // quota or privacy settings: the form still works, only without a draft
  }
}

/**
 * The page's wake-up script (app/site/lead-form-island.ts) starts the island at once when there is
 * a draft to restore. Asking sessionStorage would cost it a blocking trip to the browser process
 * while the page is still parsing (17 ms measured, 70 ms on Lighthouse's slowed phone), so the
 * draft's existence is also marked on this tab's history entry, which survives a reload and a back
 * and costs nothing to read. A kept confirmation (./sent-request.ts) sets the same mark, so a reload
 * shows it again at once.
 */
export function markDraft(kept: boolean): void {
  const state: unknown = window.history.state
  const current = state && typeof state === 'object' ? (state as Record<string, unknown>) : {}
  if ((current.leadFormDraft === true) === kept) return
  const { leadFormDraft: _, ...rest } = current
  window.history.replaceState(kept ? { ...rest, leadFormDraft: true } : rest, '')
}

/** The saved draft's values by field name (only kept fields, only strings). */
function readDraft(form: FormDefinition, scope: string): Record<string, string> {
  let parsed: unknown
  try {
    parsed = JSON.parse(storage()?.getItem(storageKey(scope)) ?? 'null')
  } catch {
    return {}
  }
  if (!parsed || typeof parsed !== 'object') return {}
  const values: Record<string, string> = {}
  for (const field of allFields(form)) {
    const value: unknown = Object.getOwnPropertyDescriptor(parsed, field.name)?.value
    if (isKeptInDraft(field) && typeof value === 'string') values[field.name] = value
  }
  return values
}

/** The proof-of-work challenge kept for this form in this tab (parsed JSON; the caller checks it). */
export function readKeptChallenge(formKey: string): unknown {
  try {
    return JSON.parse(storage()?.getItem(challengeKey(formKey)) ?? 'null')
  } catch {
    return null
  }
}

export function keepChallenge(formKey: string, kept: object): void {
  try {
    storage()?.setItem(challengeKey(formKey), JSON.stringify(kept))
  } catch {
    // quota or privacy settings: after a reload the page asks for a new challenge
  }
}

/** After a successful submission: the draft and its challenge both go (the next one starts anew). */
export function clearDraft(formKey: string, scope: string): void {
  try {
    storage()?.removeItem(storageKey(scope))
    storage()?.removeItem(challengeKey(formKey))
    markDraft(false)
  } catch {
    // nothing to clear
  }
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

function controlsNamed(el: HTMLFormElement, name: string): Control[] {
  return Array.from(el.querySelectorAll<Control>(`[name="${CSS.escape(name)}"]`))
}

/**
 * Whether the visitor (or the browser's autofill) has changed a control since the page was
 * rendered: its value, ticks or choice differ from the ones the markup gave it.
 */
function changedByVisitor(control: Control): boolean {
  if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox'))
    return control.checked !== control.defaultChecked
  if (control instanceof HTMLSelectElement)
    return Array.from(control.options).some((option) => option.selected !== option.defaultSelected)
  return control.value !== control.defaultValue
}

/** Whether any control inside holds a value (a restored draft reopens such an optional part). */
function hasValue(root: Element): boolean {
  return Array.from(root.querySelectorAll<Control>('input, select, textarea')).some((control) =>
    control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')
      ? control.checked
      : control.value !== '',
  )
}

/**
 * Puts this tab's draft back into the form, in one synchronous step before the island hydrates it,
 * and saves the result at once (a reload right after loses nothing). What the visitor typed,
 * ticked or autofilled since the page appeared is the visitor's now, before, during or after the
 * island's load: a field the visitor has changed keeps what they typed (their keys win for that
 * field only, the draft keeps the others), and the control the visitor is in receives its draft
 * value selected, as a tab into a filled field does, so the next key replaces it instead of joining
 * it. Nothing here runs later than this call, so no key typed after it can be overwritten.
 * Returns whether a draft was restored.
 */
export function restoreDraft(form: FormDefinition, el: HTMLFormElement, scope: string): boolean {
  const draft = readDraft(form, scope)
  const changed = new Set(
    Array.from(el.querySelectorAll<Control>('input[name], select[name], textarea[name]'))
      .filter(changedByVisitor)
      .map((control) => control.name),
  )
  for (const [name, value] of Object.entries(draft)) {
    if (changed.has(name)) continue
    for (const control of controlsNamed(el, name)) {
      if (control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox'))
        control.checked = control.value === value
      else control.value = value
      if (control === document.activeElement && !(control instanceof HTMLSelectElement)) {
        try {
          control.select()
        } catch {
          // a control without a text selection: the value stays, unselected
        }
      }
    }
  }
  for (const details of el.querySelectorAll('details')) {
    if (hasValue(details)) details.open = true
  }
  if (Object.keys(draft).length > 0 || changed.size > 0) saveDraft(form, el, scope)
  return Object.keys(draft).length > 0
}
