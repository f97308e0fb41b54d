import { useEffect, useState } from 'react'
import type { FormDefinition } from '#forms/engine.ts'
import { allFields } from '#forms/engine.ts'
import { isHoneypotField } from '#forms/honeypot.ts'
import { isKeptInDraft } from './form-draft.ts'

/** The visitor's words for the fields a draft never keeps (dates of birth, SSN, EIN), each once. */
function unkeptLabels(form: FormDefinition, t: (english: string) => string): string[] {
  const labels = allFields(form)
    .filter((field) => !isKeptInDraft(field) && !isHoneypotField(field))
    .map((field) => t(field.label))
  return [...new Set(labels)]
}

/**
 * After a draft was restored (by the island, before it hydrated the form: ./form-draft.ts
 * restoreDraft), the labels of the answers drafts never keep, shown once the island runs (`ready`),
 * so the prerendered markup and the first render agree.
 */
export function useNotKeptNote({
  form,
  ready,
  restored,
  t,
}: {
  form: FormDefinition
  ready: boolean
  restored: boolean
  t: (english: string) => string
}): readonly string[] {
  const [notKept, setNotKept] = useState<readonly string[]>([])
  useEffect(() => {
    if (ready && restored) setNotKept(unkeptLabels(form, t))
  }, [ready, restored, form, t])
  return notKept
}
