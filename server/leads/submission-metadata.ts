import { createHmac, hash } from 'node:crypto'
import type { LeadLanguage } from './lead-repository.ts'

/** The browser sends `Content-Language: es` from Spanish pages; anything else is English. */
export function leadLanguage(contentLanguage: string | undefined): LeadLanguage {
  const first = contentLanguage?.split(',')[0]?.trim().toLowerCase() ?? ''
  return first === 'es' || first.startsWith('es-') ? 'es' : 'en'
}

/**
 * A keyed hash of the client address: the same visitor gives the same value (spotting floods),
 * but without the server's salt the address cannot be recovered by hashing all IPv4 addresses.
 */
export function hashClientIp(ip: string, salt: string): string {
  return createHmac('sha256', salt).update(ip).digest('hex')
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
 * A fingerprint of a submission: its form and its body. An idempotency key is bound to it, and the
 * same fingerprint from many addresses is a campaign. Empty values are left out, so a browser that
 * sends an untouched optional field and one that omits it give the same fingerprint.
 */
export function bodyFingerprint(formKey: string, body: unknown): string {
  const kept =
    body && typeof body === 'object' && !Array.isArray(body)
      ? Object.fromEntries(Object.entries(body).filter(([, value]) => value !== '' && value !== undefined))
      : body
  return hash('sha256', `${formKey}\n${canonicalJson(kept)}`)
}
