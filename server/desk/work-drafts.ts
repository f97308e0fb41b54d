/**
 * Nothing typed is lost when a session ends: a lead page's form posted without a valid session
 * comes back inside the sign-in page as hidden fields; once the password is right, they are kept
 * here for the account (one draft, an hour at most), and the lead page shows them again, not
 * saved, with a line saying why sign-in was asked (server/admin/routes/lead-routes.ts).
 */
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import { isUuid } from '../db/uuid.ts'
import { hashSessionToken } from '../staff/staff-sessions.ts'

/** The work form's fields a draft may carry (lead page, work-panel.tsx), each at most this long. */
const draftFieldNames = [
  'channel',
  'outcome',
  'note',
  'status',
  'statusWas',
  'lostReason',
  'followUp',
  'followUpWas',
  'assignee',
  'assigneeWas',
] as const
export type DraftFields = Partial<Record<(typeof draftFieldNames)[number], string>>

const fieldMaxLength = 2000
const draftMaxAgeMs = 3_600_000

/** The draft fields of a posted body (anything else dropped), or undefined when it has none. */
export function draftFieldsOf(body: unknown, prefix = ''): DraftFields | undefined {
  if (!body || typeof body !== 'object') return undefined
  const source = body as Record<string, unknown>
  const fields: DraftFields = {}
  for (const name of draftFieldNames) {
    const value = source[`${prefix}${name}`]
    if (typeof value === 'string' && value.length <= fieldMaxLength) fields[name] = value
  }
  return Object.keys(fields).length ? fields : undefined
}

/** The lead a draft belongs to, from the sign-in's `next` path (/admin/leads/<id>). */
export function draftLeadOf(next: string | undefined): string | undefined {
  const id = /^\/admin\/leads\/([0-9a-f-]{36})$/.exec(next ?? '')?.[1]
  return id && isUuid(id) ? id : undefined
}

/** Keeps the draft for the account that `sessionToken` (just issued) signs in. */
export async function saveDraft(
  db: Queryable,
  draft: { sessionToken: string; leadId: string; fields: DraftFields; at: Date },
): Promise<void> {
  await run(
    db,
    build
      .insertInto('staff_drafts')
      .columns(['staff_user_id', 'lead_id', 'fields', 'saved_at'])
      .expression((eb) =>
        eb
          .selectFrom(['staff_sessions as s', 'leads as l'])
          // Parameters selected into an insert take their target column's type (jsonb, timestamptz).
          .select([
            's.staff_user_id',
            'l.id',
            eb.val(JSON.stringify(draft.fields)).as('fields'),
            eb.val(draft.at).as('saved_at'),
          ])
          .where('s.token_hash', '=', hashSessionToken(draft.sessionToken))
          .where('l.id', '=', draft.leadId),
      )
      .onConflict((conflict) =>
        conflict.column('staff_user_id').doUpdateSet((eb) => ({
          lead_id: eb.ref('excluded.lead_id'),
          fields: eb.ref('excluded.fields'),
          saved_at: eb.ref('excluded.saved_at'),
        })),
      ),
  )
}

/** The lead whose draft this account has waiting (fresh enough), if any: where to go after sign-in. */
export async function waitingDraftLead(
  db: Queryable,
  userId: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await run(
    db,
    build
      .selectFrom('staff_drafts')
      .select('lead_id as leadId')
      .where('staff_user_id', '=', userId)
      .where('saved_at', '>', new Date(now.getTime() - draftMaxAgeMs)),
  )
  return row?.leadId
}

/** Takes (reads and deletes) the account's draft for this lead; stale drafts are dropped. */
export async function takeDraft(
  db: Queryable,
  userId: string,
  leadId: string,
  now: Date,
): Promise<DraftFields | undefined> {
  if (!isUuid(leadId)) return undefined
  const [row] = await run(
    db,
    build
      .deleteFrom('staff_drafts')
      .where('staff_user_id', '=', userId)
      .where('lead_id', '=', leadId)
      .returning(['fields', 'saved_at as savedAt']),
  )
  if (!row || now.getTime() - new Date(row.savedAt).getTime() > draftMaxAgeMs) return undefined
  const fields: unknown = typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields
  return draftFieldsOf(fields)
}
