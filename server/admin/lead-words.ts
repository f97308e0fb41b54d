/**
 * A lead's status and why it was lost, in staff's words: the inbox, the lead page, the owner's
 * view and the CSV export say them the same way.
 */
import type { LeadStatus } from '#server/leads/lead-repository.ts'

export const statusWords: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  quoted: 'Quoted',
  won: 'Won',
  lost: 'Lost',
  closed: 'Closed',
}

/** A stored status in staff's words; one the desk does not know is shown as it is. */
export function statusWord(status: string): string {
  return (statusWords as Record<string, string>)[status] ?? status
}

/** Spam, whatever its status; else the status. */
export function leadStatusLabel(lead: { status: string; isSpam: boolean }): string {
  return lead.isSpam ? 'Spam' : statusWord(lead.status)
}

export const lostReasonWords: Record<string, string> = {
  price: 'Price',
  coverage: 'Coverage',
  'other-agency': 'Went with another agency',
  'not-reachable': 'Not reachable',
  'not-eligible': 'Not eligible',
  other: 'Other',
}
