/** Small pieces the staff pages' routes share. */
import type { FastifyRequest } from 'fastify'

/** A form post's body schema: every property listed is required. */
export function formBody(properties: Record<string, object>) {
  return { type: 'object', properties, required: Object.keys(properties) } as const
}

/** A fetch from admin.js asks for JSON; a plain form post gets pages and redirects. */
export function wantsJson(request: FastifyRequest): boolean {
  return String(request.headers.accept ?? '').includes('application/json')
}

/**
 * The notice a redirect names (?notice=), as one of a page's fixed texts: never text from the URL,
 * nothing for an unknown key.
 */
export function noticeFrom(query: unknown, notices: Record<string, string>): string | undefined {
  const key = query && typeof query === 'object' && 'notice' in query ? query.notice : undefined
  return typeof key === 'string' && Object.hasOwn(notices, key) ? notices[key] : undefined
}

/** The sign-in, inbox and lead pages' texts after an action, by the key the redirect carries. */
export const pageNotices: Record<string, string> = {
  status: 'Status saved.',
  spam: 'Marked as spam.',
  'not-spam': 'Marked as not spam. If this lead was never e-mailed to the agency, it is queued now.',
  retry: 'The e-mail to the agency will be sent again within a minute.',
  contact: 'Contact attempt logged.',
  note: 'Note saved.',
  assigned: 'Assignment saved.',
  work: 'Saved.',
  'signed-out': 'You are signed out.',
}
