/**
 * Leads for tests, made as a visitor's lead is made: through the server's lead repository
 * (server/leads/lead-repository.ts, store_leads), so a test lead has its reference, its delivery
 * job (when it is not spam) and whatever else the insert writes beside it. What only staff or time
 * give a lead (an old received time, a status, an assignee, a follow-up) is written afterwards by
 * `forceLeadState`, whose name says that it skips the history the desk would have recorded.
 */
import type { Locale } from '#content/locale.ts'
import type { Database, Queryable } from '#server/db/database.ts'
import { build, run } from '#server/db/query-builder.ts'
import {
  createLeadRepository,
  type Lead,
  type LeadRepository,
  type LeadStatus,
  type LostReason,
  type NewLead,
} from '#server/leads/lead-repository.ts'

/** A lead as the submission service hands it to the repository: a contact message from Jane Doe, not spam. */
export function newLead(overrides: Partial<NewLead> = {}): NewLead {
  return {
    formKey: 'contact-message',
    fields: { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com' },
    language: 'en',
    userAgent: 'vitest',
    ipHash: null,
    isSpam: false,
    spamReasons: [],
    idempotencyKey: null,
    bodyHash: null,
    ...overrides,
  }
}

let people = 0

/**
 * A visitor's name with an e-mail and a phone of their own: requests that share either are one
 * person's linked requests on the desk, so each call gives new ones unless `more` names them.
 */
export function person(firstName: string, lastName: string, more: Record<string, string> = {}) {
  people++
  return {
    firstName,
    lastName,
    email: `${firstName}.${lastName}.${people}@example.com`.toLowerCase(),
    phone: `770${String(5_550_000 + people).padStart(7, '0')}`,
    ...more,
  }
}

/**
 * What staff and time give a lead, written with no work-log entry, webhook event or mail: the state
 * a test needs, not the way the desk reaches it (tests of that way record work through the desk).
 */
export interface ForcedLeadState {
  receivedAt?: Date
  status?: LeadStatus
  lostReason?: LostReason | null
  assignedTo?: string | null
  followUpAt?: Date | null
  firstContactAt?: Date | null
  /** A reference of the test's choosing (a fixed one in an export's expected text). */
  reference?: string
}

/** The state written on one lead, or on several at once (a crowd of leads at one instant). */
export async function forceLeadState(
  db: Queryable,
  leadIds: string | readonly string[],
  state: ForcedLeadState,
): Promise<void> {
  await run(
    db,
    build
      .updateTable('leads')
      .set({
        received_at: state.receivedAt,
        status: state.status,
        lost_reason: state.lostReason,
        assigned_to: state.assignedTo,
        follow_up_at: state.followUpAt,
        first_contact_at: state.firstContactAt,
        reference: state.reference,
      })
      .where('id', 'in', typeof leadIds === 'string' ? [leadIds] : leadIds),
  )
}

/**
 * The agency's notification of a lead (its delivery job) as if the delivery worker had sent it, or
 * had given up on it after its attempts, with no mail sent: for tests of the desk after delivery.
 */
export type ForcedNotification = 'sent' | 'failed'

export async function forceNotificationState(
  db: Queryable,
  leadId: string,
  state: ForcedNotification,
): Promise<void> {
  const failed = state === 'failed'
  const jobs = await run(
    db,
    build
      .updateTable('delivery_jobs')
      .set((eb) => ({
        status: state,
        attempts: failed ? 10 : 1,
        last_error: failed ? 'SMTP 554 relay refused' : null,
        sent_at: failed ? null : eb.fn('now', []),
      }))
      .where('lead_id', '=', leadId)
      .returning('id'),
  )
  if (jobs.length === 0) throw new Error(`lead ${leadId} has no notification (a spam lead has none)`)
}

const forcedKeys = [
  'receivedAt',
  'status',
  'lostReason',
  'assignedTo',
  'followUpAt',
  'firstContactAt',
  'reference',
] as const satisfies readonly (keyof ForcedLeadState)[]

function isForcedKey(key: string): key is (typeof forcedKeys)[number] {
  return forcedKeys.some((forced) => forced === key)
}

export type StoredLeadOptions = Partial<Omit<NewLead, 'formKey' | 'language'>> &
  ForcedLeadState & {
    /** Its notification sent or failed (see forceNotificationState); pending, as a new lead's is, by default. */
    notification?: ForcedNotification
    /** The form's key; a contact message by default. */
    form?: string
    language?: Locale
  }

/** One repository a database: its group commit is the one every test lead of that database goes through. */
const repositories = new WeakMap<Database, LeadRepository>()

function repositoryOf(db: Database): LeadRepository {
  let repository = repositories.get(db)
  if (!repository) {
    repository = createLeadRepository(db)
    repositories.set(db, repository)
  }
  return repository
}

/**
 * A lead stored as a visitor's is, then given the state asked for (see ForcedLeadState); the row as
 * the repository reads it.
 */
export async function storeLead(db: Database, options: StoredLeadOptions = {}): Promise<Lead> {
  const { form, notification, ...rest } = options
  const state: ForcedLeadState = {}
  const visitor: Partial<NewLead> = {}
  for (const [key, value] of Object.entries(rest)) {
    // Left out or undefined: the visitor's default, or the state as stored.
    if (value === undefined) continue
    if (isForcedKey(key)) Object.assign(state, { [key]: value })
    else Object.assign(visitor, { [key]: value })
  }
  const { lead } = await repositoryOf(db).insertLead(
    newLead({ ...(form ? { formKey: form } : {}), ...visitor }),
  )
  if (notification) await forceNotificationState(db, lead.id, notification)
  if (Object.keys(state).length === 0) return lead
  await forceLeadState(db, lead.id, state)
  return readLead(db, lead.id)
}

/** The lead as the repository reads it (what the desk and the API read); a missing lead fails the test. */
export async function readLead(db: Database, leadId: string): Promise<Lead> {
  const lead = await repositoryOf(db).findLeadById(leadId)
  if (!lead) throw new Error(`no lead ${leadId}`)
  return lead
}
