/**
 * What a phone notification says: short enough for a lock screen, and only what any staff member
 * may see on the desk: the kind, the reference, the form's title and the visitor's first name.
 * Never the rest of what the visitor typed (no e-mail, phone, address, message, SSN or EIN): a lock
 * screen is read by whoever holds the phone, and the push service relays the (encrypted) text.
 * The link opens the lead on the desk, behind the sign-in.
 */
import { getFormDefinition } from '#forms/registry.ts'
import type { ClaimedPush, PushKind } from './push-jobs.ts'

/** The JSON the service worker (server/admin/assets/push-worker.js) shows. */
export interface PushPayload {
  title: string
  body: string
  /** The lead's page on the desk, a path on this site. */
  url: string
  /** One notification per lead on a phone: a newer one replaces it. */
  tag: string
}

const titles: Record<PushKind, string> = {
  'new-lead': 'New lead',
  assigned: 'Assigned to you',
  'follow-up': 'Follow-up due',
}

/** Fields that hold a person's name as one text, where a form has no first name of its own. */
const personNameFields = ['contactName', 'primaryDriverName', 'primaryOperatorName'] as const

/** The visitor's first name, or '' when the form gave only a business (or nothing). */
function firstNameOf(fields: Record<string, string>): string {
  const name = fields.firstName || personNameFields.map((field) => fields[field]).find(Boolean) || ''
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first.length > 40 ? `${first.slice(0, 39)}…` : first
}

export function pushPayload(message: Pick<ClaimedPush, 'kind' | 'lead'>): PushPayload {
  const { lead } = message
  const formTitle = getFormDefinition(lead.formKey)?.title ?? lead.formKey
  const firstName = firstNameOf(lead.fields)
  return {
    title: `${titles[message.kind]} · ${lead.reference}`,
    body: firstName ? `${formTitle} · ${firstName}` : formTitle,
    url: `/admin/leads/${lead.id}`,
    tag: `lead-${lead.id}`,
  }
}
