/** Small pieces the staff pages' routes share. */
import type { FastifyRequest } from 'fastify'
import type { Database } from '#server/db/database.ts'
import { recordStaffAudit, StaffAccountError, setDisplayName } from '#server/staff/staff-accounts.ts'

/** A string field of a form post's body, at most `maxLength` characters. */
export function textField(maxLength: number) {
  return { type: 'string', maxLength } as const
}

/** A form post's body schema: the `required` properties, then the `optional` ones. */
export function formBody(required: Record<string, object>, optional: Record<string, object> = {}) {
  return {
    type: 'object',
    properties: { ...required, ...optional },
    required: Object.keys(required),
  } as const
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
  const key = noticeKeyOf(query)
  return key !== undefined && Object.hasOwn(notices, key) ? notices[key] : undefined
}

/** The `notice` a redirect carries, as text; undefined without one. */
export function noticeKeyOf(query: unknown): string | undefined {
  const key = query && typeof query === 'object' && 'notice' in query ? query.notice : undefined
  return typeof key === 'string' ? key : undefined
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
  reply:
    'Sent. The reply is on its way to the visitor from the agency; their answer comes back to you. It is in the work log below.',
  'work-moved':
    'Saved. The follow-up fell when the office is closed, so it is set for the next opening (see Next follow-up).',
  'signed-out': 'You are signed out.',
}

/**
 * Sets the name an account shows (its own account page, or an owner's staff page), recorded in
 * staff_audit as done by `by`. A name that cannot be one changes nothing: the answer says why.
 */
export async function renameAccount(
  db: Database,
  by: string,
  email: string,
  name: string | undefined,
): Promise<string | undefined> {
  try {
    await db.transaction(async (tx) => {
      await setDisplayName(tx, email, name)
      await recordStaffAudit(tx, by, 'rename', email)
    })
    return undefined
  } catch (error) {
    if (!(error instanceof StaffAccountError)) throw error
    return error.message
  }
}
