/**
 * A staff member's open leads: counted on the staff list, handed to another member when the
 * account is removed. Here in leads/, where every statement that changes a lead is
 * (docs/decisions/003-sql-and-outbox.md), above staff/, which keeps the accounts and imports nothing
 * of the leads (server/README.md, "Layers").
 */
import type { Queryable } from '../db/database.ts'
import { build, countRows, run } from '../db/query-builder.ts'
import {
  findStaffUserById,
  keepAnOwner,
  normalizeEmail,
  removeStaffUser,
  StaffAccountError,
  type StaffUserSummary,
} from '../staff/staff-accounts.ts'
import { recordLeadEvent } from '../webhooks/webhook-jobs.ts'
import { openStatusLiterals } from './lead-filters.ts'
import { insertEvent } from './work-log.ts'

/** What becomes of a removed member's open leads: another member's (by id), or nobody's. */
export interface RemoveOptions {
  reassignTo?: string
  /** Who removes the account, named in the reassigned leads' work log. */
  actor?: { userId: string | null; email: string }
  at?: Date
}

/**
 * Removes the account, as server/staff/staff-accounts.ts removeStaffUser does (the last owner is
 * refused), and with `reassignTo` first moves the member's open leads to that member in the same
 * transaction, each with an assignment in its work log and its webhook event; every other lead of
 * theirs becomes unassigned. False when there was no such account. Call it inside a transaction.
 */
export async function removeStaffMember(
  tx: Queryable,
  email: string,
  options: RemoveOptions = {},
): Promise<boolean> {
  const normalized = normalizeEmail(email)
  // The last owner is refused before anything moves, whatever `reassignTo` names.
  await keepAnOwner(tx, normalized)
  if (options.reassignTo) await reassignOpenLeads(tx, normalized, options.reassignTo, options)
  return removeStaffUser(tx, normalized)
}

async function reassignOpenLeads(tx: Queryable, email: string, toId: string, options: RemoveOptions) {
  const to = await findStaffUserById(tx, toId)
  if (!to || to.email === email)
    throw new StaffAccountError('Choose another staff member to give the leads to.')
  const at = options.at ?? new Date()
  const moved = await run(
    tx,
    build
      .updateTable('leads')
      .set({ assigned_to: to.id })
      .where('assigned_to', '=', (eb) => eb.selectFrom('staff_users').select('id').where('email', '=', email))
      .where('status', 'in', openStatusLiterals)
      .where((eb) => eb.not(eb.ref('is_spam')))
      .returning('id'),
  )
  const actor = options.actor ?? { userId: null, email: 'npm run staff' }
  for (const lead of moved) {
    await insertEvent(tx, { leadId: lead.id, actor, kind: 'assignment', detail: to.email, at })
    await recordLeadEvent(tx, {
      leadId: lead.id,
      type: 'lead.assigned',
      detail: { assignedTo: to.email },
      at,
      actor,
    })
  }
}

export function listStaffUsers(db: Queryable, now: Date): Promise<StaffUserSummary[]> {
  const count = countRows().as('count')
  return run(
    db,
    build
      .selectFrom('staff_users as u')
      .select((eb) => [
        'u.id',
        'u.email',
        'u.display_name as displayName',
        'u.role',
        'u.created_at as createdAt',
        'u.last_sign_in_at as lastSignInAt',
        eb
          .selectFrom('staff_sessions as s')
          .select(count)
          .whereRef('s.staff_user_id', '=', 'u.id')
          .where('s.expires_at', '>', now)
          .$asScalar()
          .as('activeSessions'),
        eb('u.totp_enabled_at', 'is not', null).as('twoStepOn'),
        eb
          .selectFrom('leads as l')
          .select(count)
          .whereRef('l.assigned_to', '=', 'u.id')
          .where('l.status', 'in', openStatusLiterals)
          .where((eb) => eb.not(eb.ref('l.is_spam')))
          .$asScalar()
          .as('openLeads'),
      ])
      .$narrowType<{ twoStepOn: boolean }>()
      .orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('u.display_name', 'u.email')]))
      .orderBy('u.email'),
  )
}
