/**
 * Which leads get the visitor's copy (server/mail/visitor-confirmation.tsx), decided when the lead is
 * stored, so the copy cannot be aimed at a stranger's mailbox (docs/contracts.md, "The visitor's
 * copy"): only a lead sent by the page's script with a solved proof of work and no spam signal at
 * all is offered one (NewLead's visitorCopy), and offer_visitor_copies (server/db/functions.sql),
 * called by the lead's own insert, grants it within three bounds over the last 24 hours of copies
 * granted, counted per mailbox, not per spelling of it.
 */
import { createHmac, createSecretKey } from 'node:crypto'

/**
 * Copies granted at most: to one mailbox and to one client address group in any 24 hours, and to
 * everyone together in any hour. The hourly cap is far above the copies of the agency's busiest
 * hour and is what stops a wave from many addresses, whose every lead still reaches the agency.
 */
export const visitorCopyLimits = { perMailbox: 3, perAddressGroup: 5, perHour: 30 } as const

/** Providers that deliver `j.doe`, `jdoe` and `J.Doe` to one mailbox, and the domain they share. */
const dotlessDomains: Readonly<Record<string, string>> = {
  'gmail.com': 'gmail.com',
  'googlemail.com': 'gmail.com',
}

/**
 * The mailbox an address reaches, as the limit counts it: lower case, without its plus-tag
 * (`inbox+1@…` is `inbox@…`), and on Gmail without the dots of the local part, which Gmail ignores.
 */
function visitorMailbox(address: string): string {
  const trimmed = address.trim().toLowerCase()
  const at = trimmed.lastIndexOf('@')
  const domain = trimmed.slice(at + 1).replace(/\.$/, '')
  const local = trimmed.slice(0, Math.max(0, at)).split('+')[0] ?? ''
  const dotless = dotlessDomains[domain]
  return dotless ? `${local.replaceAll('.', '')}@${dotless}` : `${local}@${domain}`
}

/**
 * The mailbox as it is stored: an HMAC under a key derived from the server's secret (IP_HASH_SALT),
 * never the address nor a digest anyone could recompute from a list of addresses
 * (docs/contracts.md, "What is stored"). The key is derived once, as a KeyObject (Node's HMAC takes
 * one far faster than a Buffer: submission-metadata.ts fingerprintKeyFrom).
 */
export function visitorMailboxKeyer(secret: string): (address: string) => string {
  const key = createSecretKey(createHmac('sha256', secret).update('visitor copy mailbox').digest())
  return (address) => createHmac('sha256', key).update(visitorMailbox(address)).digest('hex')
}
