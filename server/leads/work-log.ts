/**
 * The work log of a lead: contact attempts, notes, status changes and assignments, each with who
 * and when. The first logged contact attempt sets the lead's time to first contact. Each change
 * and its log entry are written in one transaction, so the timeline never misses a change; so is
 * the webhook event of a status change or an assignment (server/webhooks), so no CRM misses one.
 */
import type { Database, Queryable } from '../db/database.ts'
import { recordLeadEvent } from '../webhooks/webhook-jobs.ts'
import { isUuid } from './lead-id.ts'
import type { LeadStatus } from './lead-repository.ts'

export const contactChannels = ['call', 'email', 'text'] as const
export type ContactChannel = (typeof contactChannels)[number]

export const noteMaxLength = 2000

export interface Actor {
  userId: string
  email: string
}

export interface LeadEvent {
  id: string
  kind: 'contact' | 'note' | 'status' | 'assignment'
  channel: ContactChannel | null
  reached: boolean | null
  detail: string
  staffEmail: string
  createdAt: Date
}

export interface StaffMember {
  id: string
  email: string
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

async function insertEvent(
  tx: Queryable,
  event: {
    leadId: string
    actor: Actor
    kind: LeadEvent['kind']
    channel?: ContactChannel
    reached?: boolean
    detail?: string
    at: Date
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO lead_events (lead_id, staff_user_id, staff_email, kind, channel, reached, detail, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::timestamptz)`,
    [
      event.leadId,
      event.actor.userId,
      event.actor.email,
      event.kind,
      event.channel ?? null,
      event.reached ?? null,
      event.detail ?? '',
      event.at.toISOString(),
    ],
  )
}

/** Locks the lead's row for the transaction; false when there is no such lead. */
async function lockLead(tx: Queryable, leadId: string): Promise<{ status: string } | undefined> {
  if (!isUuid(leadId)) return undefined
  const rows = await tx.query<{ status: string }>('SELECT status FROM leads WHERE id = $1 FOR UPDATE', [
    leadId,
  ])
  return rows[0]
}

export interface WorkLog {
  events(leadId: string): Promise<LeadEvent[]>
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
  setStatus(input: { leadId: string; actor: Actor; status: LeadStatus; at: Date }): Promise<boolean>
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

export function createWorkLog(db: Database, timeZone: string): WorkLog {
  return {
    events: async (leadId) =>
      !isUuid(leadId)
        ? []
        : db.query<LeadEvent>(
            `SELECT id::text, kind, channel, reached, detail, staff_email AS "staffEmail", created_at AS "createdAt"
           FROM lead_events WHERE lead_id = $1 ORDER BY created_at DESC, id DESC`,
            [leadId],
          ),

    logContact: (input) =>
      db.transaction(async (tx) => {
        const lead = await lockLead(tx, input.leadId)
        if (!lead) return false
        await insertEvent(tx, {
          leadId: input.leadId,
          actor: input.actor,
          kind: 'contact',
          channel: input.channel,
          reached: input.reached,
          detail: input.note,
          at: input.at,
        })
        await tx.query(
          'UPDATE leads SET first_contact_at = coalesce(first_contact_at, $2::timestamptz) WHERE id = $1',
          [input.leadId, input.at.toISOString()],
        )
        if (input.reached && lead.status === 'new') {
          await tx.query(`UPDATE leads SET status = 'contacted' WHERE id = $1`, [input.leadId])
          await insertEvent(tx, { ...input, kind: 'status', detail: 'contacted' })
          await recordLeadEvent(tx, {
            leadId: input.leadId,
            type: 'lead.status_changed',
            detail: { status: 'contacted', previousStatus: lead.status },
            at: input.at,
          })
        }
        return true
      }),

    addNote: (input) =>
      db.transaction(async (tx) => {
        if (!(await lockLead(tx, input.leadId))) return false
        await insertEvent(tx, { ...input, kind: 'note', detail: input.note })
        return true
      }),

    setStatus: (input) =>
      db.transaction(async (tx) => {
        const lead = await lockLead(tx, input.leadId)
        if (!lead) return false
        if (lead.status === input.status) return true
        await tx.query('UPDATE leads SET status = $2 WHERE id = $1', [input.leadId, input.status])
        await insertEvent(tx, { ...input, kind: 'status', detail: input.status })
        await recordLeadEvent(tx, {
          leadId: input.leadId,
          type: 'lead.status_changed',
          detail: { status: input.status, previousStatus: lead.status },
          at: input.at,
        })
        return true
      }),

    assign: (input) =>
      db.transaction(async (tx) => {
        if (!(await lockLead(tx, input.leadId))) return 'no-lead'
        let email = ''
        if (input.assignee) {
          if (!isUuid(input.assignee)) return 'no-staff'
          const rows = await tx.query<{ email: string }>('SELECT email FROM staff_users WHERE id = $1', [
            input.assignee,
          ])
          if (!rows[0]) return 'no-staff'
          email = rows[0].email
        }
        await tx.query('UPDATE leads SET assigned_to = $2 WHERE id = $1', [input.leadId, input.assignee])
        await insertEvent(tx, { ...input, kind: 'assignment', detail: email })
        await recordLeadEvent(tx, {
          leadId: input.leadId,
          type: 'lead.assigned',
          detail: { assignedTo: email || null },
          at: input.at,
        })
        return 'ok'
      }),

    staffMembers: () => db.query<StaffMember>('SELECT id, email FROM staff_users ORDER BY email'),

    async weeklySpeed(since) {
      const rows = await db.query<{
        week: string
        received: number
        contacted: number
        median: number | string | null
        p90: number | string | null
      }>(
        `SELECT to_char(date_trunc('week', received_at AT TIME ZONE $1), 'YYYY-MM-DD') AS week,
                count(*)::int AS received, count(first_contact_at)::int AS contacted,
                percentile_cont(0.5) WITHIN GROUP
                  (ORDER BY extract(epoch FROM first_contact_at - received_at)) AS median,
                percentile_cont(0.9) WITHIN GROUP
                  (ORDER BY extract(epoch FROM first_contact_at - received_at)) AS p90
           FROM leads
          WHERE NOT is_spam AND received_at >= ($2::date::timestamp AT TIME ZONE $1)
          GROUP BY 1 ORDER BY 1`,
        [timeZone, since],
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
