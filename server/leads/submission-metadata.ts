import { createHmac } from 'node:crypto'
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
