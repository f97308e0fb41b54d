import { type RefObject, useEffect, useRef, useState } from 'react'
import type { FormDefinition } from '#forms/engine.ts'
import { allFields } from '#forms/engine.ts'
import { isHoneypotField } from '#forms/honeypot.ts'
import { applyValues, isKeptInDraft, readDraft, saveDraft } from './form-draft.ts'

/** Whether any control inside holds a value (a restored draft reopens such an optional part). */
function hasValue(root: Element): boolean {
  return Array.from(root.querySelectorAll('input, select, textarea')).some((control) =>
    control instanceof HTMLInputElement && (control.type === 'radio' || control.type === 'checkbox')
      ? control.checked
      : (control instanceof HTMLInputElement ||
          control instanceof HTMLSelectElement ||
          control instanceof HTMLTextAreaElement) &&
        control.value !== '',
  )
}

/** The visitor's words for the fields a draft never keeps (dates of birth, SSN, EIN), each once. */
function unkeptLabels(form: FormDefinition, t: (english: string) => string): string[] {
  const labels = allFields(form)
    .filter((field) => !isKeptInDraft(field) && !isHoneypotField(field))
    .map((field) => t(field.label))
  return [...new Set(labels)]
}

/**
 * Once the island runs (`ready`): puts back this tab's draft of the form, then what the visitor
 * typed or the browser autofilled before the island woke (`typed`, read from the page before
 * hydration; it wins over an older draft), and saves the result at once, so a reload right after
 * loses nothing. Call it before the effect that checks the form, so the check sees these values.
 * Returns, after a restore, the labels of the answers drafts never keep.
 */
export function useDraftRestore({
  form,
  formRef,
  ready,
  scope,
  typed,
  t,
}: {
  form: FormDefinition
  formRef: RefObject<HTMLFormElement | null>
  ready: boolean
  scope: string
  typed: Readonly<Record<string, string>>
  t: (english: string) => string
}): readonly string[] {
  const [notKept, setNotKept] = useState<readonly string[]>([])
  const done = useRef(false)
  useEffect(() => {
    const el = formRef.current
    if (!ready || !el || done.current) return
    done.current = true
    const draft = readDraft(form, scope)
    const values = { ...draft, ...typed }
    if (Object.keys(values).length > 0) {
      applyValues(el, values)
      for (const details of el.querySelectorAll('details')) {
        if (hasValue(details)) details.open = true
      }
      saveDraft(form, el, scope)
    }
    if (Object.keys(draft).length > 0) setNotKept(unkeptLabels(form, t))
  }, [ready, form, formRef, scope, typed, t])
  return notKept
}
