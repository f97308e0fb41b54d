/**
 * The confirmation of a sent request, kept in the visitor's own tab (sessionStorage) so a reload
 * shows it again and another tab never does. It belongs to the page it was sent from (in either
 * language): three pages share the general quote request, and a request sent from the auto page is
 * not the home page's. It holds only the form's key, the page, the reference the server gave and
 * when it was sent: nothing the visitor typed.
 */
import { markDraft } from './form-draft.ts'

export interface SentRequest {
  /** The stored lead's short reference, when the server gave one. */
  reference?: string
  /** When it was sent (ms since the epoch): the call-back time is counted from it. */
  at: number
  /** The page it was sent from, without its language prefix ('/insurance/auto'). */
  page: string
}

/** This page's path without its language prefix: the English and Spanish pages are one page here. */
export function currentPage(): string {
  const path = window.location.pathname.replace(/\/+$/, '') || '/'
  return path === '/es' ? '/' : path.startsWith('/es/') ? path.slice(3) : path
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
  // A confirmation kept before pages were recorded belongs to no page: it shows as a note only.
  const page = 'page' in parsed && typeof parsed.page === 'string' ? parsed.page : ''
  return reference ? { reference, at: parsed.at, page } : { at: parsed.at, page }
}

export function forgetSent(formKey: string): void {
  try {
    storage()?.removeItem(sentKey(formKey))
    markDraft(false)
  } catch {
    // nothing to forget
  }
}
