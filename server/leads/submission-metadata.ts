import { createHmac, createSecretKey, type KeyObject } from 'node:crypto'
import type { Locale } from '#content/locale.ts'
import { addressGroupKey } from '../security/client-address.ts'

/** The browser sends `Content-Language: es` from Spanish pages; anything else is English. */
export function leadLanguage(contentLanguage: string | undefined): Locale {
  const first = contentLanguage?.split(',')[0]?.trim().toLowerCase() ?? ''
  return first === 'es' || first.startsWith('es-') ? 'es' : 'en'
}

/**
 * A keyed hash of the client's address group (an IPv4 address, or an IPv6 /64:
 * server/security/client-address.ts): the same visitor gives the same value (spotting floods, one
 * text from several addresses) even when their phone changes the last bits of its IPv6 address,
 * and without the server's salt the address cannot be recovered by hashing all IPv4 addresses.
 */
export function hashClientIp(ip: string, salt: string): string {
  return addressGroupKey(ip, salt, 'lead')
}

const userAgentMaxLength = 500

export function storedUserAgent(userAgent: string | undefined): string | null {
  return userAgent ? userAgent.slice(0, userAgentMaxLength) : null
}

const idempotencyKeyPattern = /^[A-Za-z0-9_-]{1,100}$/

/** undefined: no header; null: a header that is not a valid key. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | null | undefined {
  if (header === undefined) return undefined
  if (typeof header !== 'string' || !idempotencyKeyPattern.test(header)) return null
  return header
}

/** JSON with object keys sorted at every level: the same body whatever order its keys came in. */
function canonicalJson(value: unknown, depth = 0): string {
  // A bot may nest thousands of levels deep; the fingerprint stops looking well before the stack ends.
  if (depth > 32) return '"…"'
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item, depth + 1)}`).join(',')}}`
  }
  return JSON.stringify(value) ?? 'null'
}

/**
 * The key of every fingerprint of what a visitor sent, derived from the server's stored secret
 * (IP_HASH_SALT). A fingerprint is stored beside the lead; unkeyed, anyone holding a backup could
 * hash candidate bodies until one matched and so read the workers' comp SSN that is stored
 * encrypted beside it (docs/contracts.md, "What is stored"). A KeyObject: Node's HMAC takes one
 * about 7x faster than the same bytes as a Buffer (measured on Node 24: 7 µs against 50 µs per
 * digest; docs/bench/history.md, 27 Nov 2026).
 */
export function fingerprintKeyFrom(secret: string): KeyObject {
  return createSecretKey(createHmac('sha256', secret).update('submission fingerprints').digest())
}

function keyedDigest(key: KeyObject, purpose: string, text: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${text}`).digest('hex')
}

/**
 * A fingerprint of a submission exactly as sent: its form and its body. An idempotency key is
 * bound to it (the same key with another body is refused). Empty values are left out, so a
 * browser that sends an untouched optional field and one that omits it give the same fingerprint.
 */
export function bodyFingerprint(key: KeyObject, formKey: string, body: unknown): string {
  const kept =
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== undefined))
      : body
  return keyedDigest(key, 'body', `${formKey}\n${canonicalJson(kept)}`)
}

/** Only the letters of a text, without their accents, in lower case: "Call  ME, 5x!" → "callmex". */
function lettersOnly(value: string): string {
  return value
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^\p{L}]+/gu, '')
}

/**
 * A fingerprint of what a submission says, for the repeated-text check (one text sent from several
 * addresses is a campaign): the form and the letters of each of its values, so copies that differ
 * only in case, spacing, digits, punctuation or accents count as the same text. Sensitive fields
 * (SSN, EIN) are left out. Undefined when nothing is left to compare (a form of numbers only).
 */
export function textFingerprint(
  key: KeyObject,
  formKey: string,
  fields: Record<string, string>,
  sensitive: ReadonlySet<string>,
): string | undefined {
  const parts = Object.keys(fields)
    .filter((name) => !sensitive.has(name))
    .sort()
    .flatMap((name) => {
      const letters = lettersOnly(fields[name] ?? '')
      return letters === '' ? [] : [`${name}=${letters}`]
    })
  return parts.length === 0 ? undefined : keyedDigest(key, 'text', `${formKey}\n${parts.join('\n')}`)
}
