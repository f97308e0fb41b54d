/**
 * The work log of a lead: contact attempts, notes, status changes and assignments, each with who
 * and when. The first logged contact attempt sets the lead's time to first contact. Each change
 * and its log entry are written in one transaction, so the timeline never misses a change; so is
 * the webhook event of a status change or an assignment (server/webhooks), so no CRM misses one.
 */

import type { Database, Queryable } from '../db/database.ts'
import { build, countRows, type RowOf, run, sql, weekOf } from '../db/query-builder.ts'
import { isUuid } from '../db/uuid.ts'
import { recordLeadEvent } from '../webhooks/webhook-jobs.ts'
import type { OfficeZone } from './business-hours.ts'
import { queueAssignmentMail } from './lead-jobs.ts'
import type { LeadStatus, LostReason } from './lead-repository.ts'

export const contactChannels = ['call', 'email', 'text'] as const
export type ContactChannel = (typeof contactChannels)[number]

/** How a contact attempt went: a voicemail left is not a conversation, but it is not silence. */
export const contactOutcomes = ['reached', 'voicemail', 'no-answer'] as const
type ContactOutcome = (typeof contactOutcomes)[number]

export const noteMaxLength = 2000

/** Who made a change: a staff account, or an API token (no account; its name in `email`). */
interface Actor {
  userId: string | null
  email: string
}

export interface LeadEvent {
  id: string
  kind: 'contact' | 'note' | 'status' | 'assignment' | 'follow-up' | 'reply'
  channel: ContactChannel | null
  reached: boolean | null
  /** A contact attempt's outcome; null for attempts logged before outcomes existed. */
  outcome: ContactOutcome | null
  /**
   * The note's text, the new status (with the lost reason: 'lost:price'), the assignee's e-mail,
   * or the follow-up's ISO instant ('' when cleared).
   */
  detail: string
  staffEmail: string
  /** The actor's display name today (null when none, or the account was removed since). */
  staffName: string | null
  createdAt: Date
}

export interface StaffMember {
  id: string
  email: string
  displayName: string | null
}

export interface WeeklySpeed {
  /** Monday of the week the leads were received, YYYY-MM-DD, in the agency's time zone. */
  week: string
  /** Leads received that week (spam excluded) and how many of them have been contacted. */
  received: number
  contacted: number
  /** Time from received to first contact, in ms; null when no lead of the week was contacted. */
  medianMs: number | null
  p90Ms: number | null
}

/**
 * One row of a lead's work log. The actor's account is null for the staff command (`npm run staff`
 * reassigning a removed member's leads), which has none.
 */
export async function insertEvent(
  tx: Queryable,
  event: {
    leadId: string
    actor: { userId: string | null; email: string }
    kind: LeadEvent['kind']
    channel?: ContactChannel
    reached?: boolean
    outcome?: ContactOutcome
    detail?: string
    at: Date
  },
): Promise<void> {
  await run(
    tx,
    build.insertInto('lead_events').values({
      lead_id: event.leadId,
      staff_user_id: event.actor.userId,
      staff_email: event.actor.email,
      kind: event.kind,
      channel: event.channel ?? null,
      reached: event.reached ?? null,
      outcome: event.outcome ?? null,
      detail: event.detail ?? '',
      created_at: event.at,
    }),
  )
}

/** What a save reads of its lead, locking the row for the transaction. */
const lockedLead = (leadId: string) =>
  build
    .selectFrom('leads')
    .select([
      'status',
      'lost_reason as lostReason',
      'assigned_to as assignedTo',
      'follow_up_at as followUpAt',
    ])
    .where('id', '=', leadId)
    .forUpdate()
type LockedLead = RowOf<ReturnType<typeof lockedLead>>

/** Locks the lead's row for the transaction; undefined when there is no such lead. */
async function lockLead(tx: Queryable, leadId: string): Promise<LockedLead | undefined> {
  if (!isUuid(leadId)) return undefined
  const [lead] = await run(tx, lockedLead(leadId))
  return lead
}

/**
 * One save of the lead page (or one API call): any of a contact attempt, a note, a status, a
 * follow-up and an assignment, applied together or not at all. A part left undefined is not
 * changed; one equal to what the lead has already is not logged again.
 */
export interface WorkInput {
  leadId: string
  actor: Actor
  at: Date
  contact?: { channel: ContactChannel; outcome: ContactOutcome; note: string }
  note?: string
  status?: { status: LeadStatus; lostReason?: LostReason | null }
  /** null clears it. */
  followUpAt?: Date | null
  /** A staff account's id; null unassigns. */
  assignee?: string | null
}

export type WorkResult = 'ok' | 'no-lead' | 'no-staff' | 'no-lost-reason'

const sameInstant = (a: Date | null, b: Date | null) =>
  a === null || b === null ? a === b : new Date(a).getTime() === new Date(b).getTime()

async function applyContact(
  tx: Queryable,
  lead: LockedLead,
  input: WorkInput,
): Promise<LeadStatus | undefined> {
  const { contact } = input
  if (!contact) return undefined
  const reached = contact.outcome === 'reached'
  await insertEvent(tx, {
    ...input,
    kind: 'contact',
    channel: contact.channel,
    reached,
    outcome: contact.outcome,
    detail: contact.note,
  })
  await run(
    tx,
    build
      .updateTable('leads')
      .set((eb) => ({ first_contact_at: eb.fn.coalesce('first_contact_at', eb.val(input.at)) }))
      .where('id', '=', input.leadId),
  )
  // Reaching a new lead makes it contacted, unless the same save chose a status itself.
  return reached && lead.status === 'new' && !input.status ? 'contacted' : undefined
}

async function applyStatus(
  tx: Queryable,
  lead: LockedLead,
  input: WorkInput,
  status: LeadStatus,
  lostReason: LostReason | null,
): Promise<void> {
  if (lead.status === status && lead.lostReason === lostReason) return
  await run(
    tx,
    build.updateTable('leads').set({ status, lost_reason: lostReason }).where('id', '=', input.leadId),
  )
  await insertEvent(tx, { ...input, kind: 'status', detail: lostReason ? `${status}:${lostReason}` : status })
  // The one place a status change is announced to webhooks: every path (page, fetch, API) comes here.
  await recordLeadEvent(tx, {
    leadId: input.leadId,
    type: 'lead.status_changed',
    detail: { status, previousStatus: lead.status, ...(lostReason ? { lostReason } : {}) },
    at: input.at,
    actor: input.actor,
  })
}

async function applyFollowUp(tx: Queryable, lead: LockedLead, input: WorkInput): Promise<void> {
  const next = input.followUpAt
  if (next === undefined || sameInstant(lead.followUpAt, next)) return
  await run(tx, build.updateTable('leads').set({ follow_up_at: next }).where('id', '=', input.leadId))
  await insertEvent(tx, { ...input, kind: 'follow-up', detail: next ? next.toISOString() : '' })
  await recordLeadEvent(tx, {
    leadId: input.leadId,
    type: next ? 'lead.follow_up_set' : 'lead.follow_up_cleared',
    detail: {
      followUpAt: next ? next.toISOString() : null,
      previousFollowUpAt: lead.followUpAt ? new Date(lead.followUpAt).toISOString() : null,
    },
    at: input.at,
    actor: input.actor,
  })
}

/** 'no-staff' when the account does not exist (nothing is changed then). */
async function assigneeEmail(tx: Queryable, assignee: string | null): Promise<string | undefined> {
  if (assignee === null) return ''
  if (!isUuid(assignee)) return undefined
  const [account] = await run(tx, build.selectFrom('staff_users').select('email').where('id', '=', assignee))
  return account?.email
}

async function applyAssignment(tx: Queryable, lead: LockedLead, input: WorkInput, email: string) {
  const assignee = input.assignee
  if (assignee === undefined || assignee === lead.assignedTo) return
  await run(tx, build.updateTable('leads').set({ assigned_to: assignee }).where('id', '=', input.leadId))
  await insertEvent(tx, { ...input, kind: 'assignment', detail: email })
  // The one place an assignment is announced to webhooks.
  await recordLeadEvent(tx, {
    leadId: input.leadId,
    type: 'lead.assigned',
    detail: { assignedTo: email || null },
    at: input.at,
    actor: input.actor,
  })
  // The new assignee hears of it by e-mail, sent by the delivery worker once this commits; not
  // someone who took the lead themselves. Every change withdraws the lead's unsent one.
  await queueAssignmentMail(tx, {
    leadId: input.leadId,
    assignee: assignee === input.actor.userId ? null : assignee,
    assignedBy: input.actor.userId,
  })
}

/** Every change of a lead's work goes through here, in one transaction with its log entries. */
async function recordWork(db: Database, input: WorkInput): Promise<WorkResult> {
  const lostReason = input.status?.status === 'lost' ? (input.status.lostReason ?? null) : null
  if (input.status?.status === 'lost' && !lostReason) return 'no-lost-reason'
  return db.transaction(async (tx) => {
    const lead = await lockLead(tx, input.leadId)
    if (!lead) return 'no-lead'
    const email = input.assignee === undefined ? '' : await assigneeEmail(tx, input.assignee)
    if (email === undefined) return 'no-staff'
    const reachedStatus = await applyContact(tx, lead, input)
    if (input.note) {
      await insertEvent(tx, { ...input, kind: 'note', detail: input.note })
      await recordLeadEvent(tx, {
        leadId: input.leadId,
        type: 'lead.note_added',
        detail: { note: input.note },
        at: input.at,
        actor: input.actor,
      })
    }
    const status = input.status?.status ?? reachedStatus
    // A contact attempt is its own event when it keeps the status; one that changes it is told by
    // lead.status_changed.
    if (input.contact && (status === undefined || status === lead.status)) {
      await recordLeadEvent(tx, {
        leadId: input.leadId,
        type: 'lead.contact_logged',
        detail: { channel: input.contact.channel, outcome: input.contact.outcome, note: input.contact.note },
        at: input.at,
        actor: input.actor,
      })
    }
    if (status) await applyStatus(tx, lead, input, status, lostReason)
    // Won and lost are outcomes: nothing is left to follow up, whatever the same save said.
    const outcome = status === 'won' || status === 'lost'
    await applyFollowUp(tx, lead, outcome ? { ...input, followUpAt: null } : input)
    await applyAssignment(tx, lead, input, email)
    return 'ok'
  })
}

export interface WorkLog {
  events(leadId: string): Promise<LeadEvent[]>
  /** One save: see WorkInput. */
  record(input: WorkInput): Promise<WorkResult>
  /**
   * A call, e-mail or text, reached or not, with an optional note. The first one sets
   * first_contact_at; one that reached the person moves a new lead to contacted.
   */
  logContact(input: {
    leadId: string
    actor: Actor
    channel: ContactChannel
    reached: boolean
    note: string
    at: Date
  }): Promise<boolean>
  addNote(input: { leadId: string; actor: Actor; note: string; at: Date }): Promise<boolean>
  setStatus(input: {
    leadId: string
    actor: Actor
    status: LeadStatus
    lostReason?: LostReason | null
    at: Date
  }): Promise<boolean>
  /** `assignee` null unassigns; undefined result: no such lead; 'no-staff': no such account. */
  assign(input: {
    leadId: string
    actor: Actor
    assignee: string | null
    at: Date
  }): Promise<'ok' | 'no-lead' | 'no-staff'>
  staffMembers(): Promise<StaffMember[]>
  weeklySpeed(since: string): Promise<WeeklySpeed[]>
}

export function createWorkLog(db: Database, timeZone: OfficeZone): WorkLog {
  // Read at each use: a published change of the office's zone applies at once.
  const zone = () => (typeof timeZone === 'string' ? timeZone : timeZone())
  return {
    events: async (leadId) =>
      !isUuid(leadId)
        ? []
        : run(
            db,
            build
              .selectFrom('lead_events as e')
              .leftJoin('staff_users as u', 'u.id', 'e.staff_user_id')
              .select((eb) => [
                // bigint: PGlite answers a number, node-postgres a string; as text, both a string.
                eb.cast<string>('e.id', 'text').as('id'),
                'e.kind',
                'e.channel',
                'e.reached',
                'e.outcome',
                'e.detail',
                'e.staff_email as staffEmail',
                'u.display_name as staffName',
                'e.created_at as createdAt',
              ])
              .where('e.lead_id', '=', leadId)
              .orderBy('e.created_at', 'desc')
              .orderBy('e.id', 'desc'),
          ),

    record: (input) => recordWork(db, input),

    logContact: async ({ channel, reached, note, ...input }) =>
      (await recordWork(db, {
        ...input,
        contact: { channel, outcome: reached ? 'reached' : 'no-answer', note },
      })) === 'ok',

    addNote: async ({ note, ...input }) => (await recordWork(db, { ...input, note })) === 'ok',

    setStatus: async ({ status, lostReason, ...input }) =>
      (await recordWork(db, { ...input, status: { status, lostReason } })) === 'ok',

    assign: async (input) => {
      const result = await recordWork(db, input)
      return result === 'no-lost-reason' ? 'ok' : result
    },

    staffMembers: () =>
      run(
        db,
        build
          .selectFrom('staff_users')
          .select(['id', 'email', 'display_name as displayName'])
          .orderBy((eb) => eb.fn('lower', [eb.fn.coalesce('display_name', 'email')]))
          .orderBy('email'),
      ),

    async weeklySpeed(since) {
      // Seconds from received to first contact, at a fraction of the week's leads.
      const percentile = (fraction: number) =>
        sql<number | string | null>`percentile_cont(${sql.lit(fraction)}) WITHIN GROUP
          (ORDER BY extract(epoch FROM first_contact_at - received_at))`
      const rows = await run(
        db,
        build
          .selectFrom('leads')
          .select([
            weekOf(sql.ref('received_at'), zone()).as('week'),
            countRows().as('received'),
            sql<number>`count(first_contact_at)::int`.as('contacted'),
            percentile(0.5).as('median'),
            percentile(0.9).as('p90'),
          ])
          .where((eb) => eb.not(eb.ref('is_spam')))
          .where('received_at', '>=', sql<Date>`(${since}::date::timestamp AT TIME ZONE ${zone()})`)
          .groupBy(sql`1`)
          .orderBy(sql`1`),
      )
      const ms = (seconds: number | string | null) =>
        seconds === null ? null : Math.round(Number(seconds) * 1000)
      return rows.map((row) => ({
        week: row.week,
        received: row.received,
        contacted: row.contacted,
        medianMs: ms(row.median),
        p90Ms: ms(row.p90),
      }))
    },
  }
}
