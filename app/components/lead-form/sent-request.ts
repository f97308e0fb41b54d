/**
 * The confirmation of a sent request, kept in the visitor's own tab (sessionStorage) so a reload
 * shows it again and another tab never does. It holds only the form's key, the reference the server
 * gave and when it was sent: nothing the visitor typed.
 */
import { markDraft } from './form-draft.ts'

export interface SentRequest {
  /** The stored lead's short reference, when the server gave one. */
  reference?: string
  /** When it was sent (ms since the epoch): the call-back time is counted from it. */
  at: number
}

/** After this long the tab shows the empty form again. */
const keptFor = 24 * 60 * 60 * 1000
const sentKey = (formKey: string) => `lead-form-sent:${formKey}`

function storage(): Storage | undefined {
  try {
    return window.sessionStorage
  } catch {
    return undefined
  }
}

export function keepSent(formKey: string, sent: SentRequest): void {
  try {
    storage()?.setItem(sentKey(formKey), JSON.stringify(sent))
    // The page's wake-up script then starts the island at once after a reload (./form-draft.ts).
    markDraft(true)
  } catch {
    // quota or privacy settings: the confirmation lasts until the page is left
  }
}

export function readSent(formKey: string, now = Date.now()): SentRequest | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(storage()?.getItem(sentKey(formKey)) ?? 'null')
  } catch {
    return undefined
  }
  if (!parsed || typeof parsed !== 'object' || !('at' in parsed) || typeof parsed.at !== 'number')
    return undefined
  if (now - parsed.at > keptFor || parsed.at > now + 60_000) return undefined
  const reference =
    'reference' in parsed && typeof parsed.reference === 'string' ? parsed.reference : undefined
  return reference ? { reference, at: parsed.at } : { at: parsed.at }
}

export function forgetSent(formKey: string): void {
  try {
    storage()?.removeItem(sentKey(formKey))
    markDraft(false)
  } catch {
    // nothing to forget
  }
}
