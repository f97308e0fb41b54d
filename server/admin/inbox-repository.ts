/**
 * What the staff inbox reads and changes in the database: lists of leads by filter, one lead with
 * its delivery jobs and reveal records, status and spam changes, delivery retries.
 */
import type { Database, Queryable } from '../db/database.ts'
import type { DeliveryJob, LeadLanguage } from '../leads/lead-repository.ts'
import { filterCondition, type LeadFilters, type LeadStatus } from './lead-filters.ts'

export interface InboxLead {
  id: string
  formKey: string
  fields: Record<string, string>
  language: LeadLanguage
  receivedAt: Date
  status: LeadStatus
  isSpam: boolean
  /** Why the spam scoring judged it spam (empty for leads it let through). */
  spamReasons: string[]
  /** The short reference the visitor was given, e.g. "K7M-Q9X". */
  reference: string
  /** The newest delivery job's status; null when the lead has none (spam). */
  deliveryStatus: DeliveryJob['status'] | null
  /** The staff account the lead is assigned to, and its e-mail; null when unassigned. */
  assignedTo: string | null
  assigneeEmail: string | null
  /** The first logged contact attempt; null before anyone answered. */
  firstContactAt: Date | null
}

export interface RevealRecord {
  staffEmail: string
  fieldName: string
  revealedAt: Date
}

export interface WeeklyCount {
  /** Monday of the week, YYYY-MM-DD, in the agency's time zone. */
  week: string
  formKey: string
  count: number
}

const inboxColumns = `id, form_key AS "formKey", fields, language, received_at AS "receivedAt", status,
  is_spam AS "isSpam", spam_reasons AS "spamReasons", reference,
  (SELECT j.status FROM delivery_jobs j WHERE j.lead_id = leads.id
    ORDER BY j.created_at DESC LIMIT 1) AS "deliveryStatus",
  assigned_to AS "assignedTo", first_contact_at AS "firstContactAt",
  (SELECT u.email FROM staff_users u WHERE u.id = leads.assigned_to) AS "assigneeEmail"`

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function isUuid(text: string): boolean {
  return uuidPattern.test(text)
}

/** jsonb arrives parsed from node-postgres and PGlite alike; a string is parsed to be safe. */
function withParsedFields<T extends { fields: unknown }>(row: T): T & { fields: Record<string, string> } {
  const raw: unknown = typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields
  const fields: Record<string, string> = {}
  if (raw && typeof raw === 'object') {
    for (const [name, value] of Object.entries(raw))
      fields[name] = typeof value === 'string' ? value : String(value)
  }
  return { ...row, fields }
}

/** The stored reasons, as an array of strings whatever the driver returned. */
function withParsedReasons<T extends { spamReasons?: unknown }>(row: T): T & { spamReasons: string[] } {
  const raw: unknown = typeof row.spamReasons === 'string' ? JSON.parse(row.spamReasons) : row.spamReasons
  return { ...row, spamReasons: Array.isArray(raw) ? raw.filter((item) => typeof item === 'string') : [] }
}

export interface InboxRepository {
  /** `viewerId`: the signed-in staff member, for the 'mine' filter. */
  listLeads(
    filters: LeadFilters,
    page: { limit: number; offset: number },
    viewerId?: string,
  ): Promise<{ leads: InboxLead[]; total: number }>
  /** Every matching lead, newest first, in batches (the CSV export). */
  eachLead(filters: LeadFilters, batchSize?: number, viewerId?: string): AsyncGenerator<InboxLead>
  /** The form keys present among the matching leads. */
  formKeysOf(filters: LeadFilters, viewerId?: string): Promise<string[]>
  findLead(id: string): Promise<InboxLead | undefined>
  deliveryJobs(leadId: string): Promise<DeliveryJob[]>
  reveals(leadId: string): Promise<RevealRecord[]>
  recordReveal(reveal: {
    leadId: string
    fieldName: string
    staffUserId: string
    staffEmail: string
    at: Date
  }): Promise<void>
  setStatus(leadId: string, status: LeadStatus): Promise<boolean>
  /**
   * Marks or unmarks spam. Unmarking a lead that never had a delivery job (a honeypot hit that was
   * a person after all) creates its job, so the agency gets the e-mail it never got.
   */
  setSpam(leadId: string, spam: boolean): Promise<boolean>
  /** A failed job goes back to pending, due now, with a fresh count of attempts. */
  retryDelivery(leadId: string, jobId: string): Promise<boolean>
  /** Leads (spam excluded) per week and form since the week starting `since` (YYYY-MM-DD). */
  weeklyCounts(since: string): Promise<WeeklyCount[]>
  /** Monday of the week holding `now`, YYYY-MM-DD. */
  weekStart(now: Date): Promise<string>
}

/** `timeZone`: the agency's (IANA name); date filters and weeks are days there, not in UTC. */
export function createInboxRepository(db: Database, timeZone: string): InboxRepository {
  async function listLeads(
    filters: LeadFilters,
    page: { limit: number; offset: number },
    viewerId = '',
  ): Promise<{ leads: InboxLead[]; total: number }> {
    const where = filterCondition(filters, timeZone, 1, viewerId)
    const n = where.params.length
    const rows = await db.query<InboxLead>(
      `SELECT ${inboxColumns} FROM leads WHERE ${where.sql}
        ORDER BY received_at DESC, id DESC LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...where.params, page.limit, page.offset],
    )
    const [count] = await db.query<{ total: number }>(
      `SELECT count(*)::int AS total FROM leads WHERE ${where.sql}`,
      where.params,
    )
    return { leads: rows.map((row) => withParsedReasons(withParsedFields(row))), total: count?.total ?? 0 }
  }

  return {
    listLeads,

    async *eachLead(filters, batchSize = 500, viewerId = '') {
      // Keyset pagination: stable while new leads arrive during the export.
      let after: { receivedAt: Date; id: string } | undefined
      for (;;) {
        const where = filterCondition(filters, timeZone, 1, viewerId)
        const n = where.params.length
        const keyset = after ? `AND (received_at, id) < ($${n + 2}::timestamptz, $${n + 3}::uuid)` : ''
        const rows = await db.query<InboxLead>(
          `SELECT ${inboxColumns} FROM leads WHERE ${where.sql} ${keyset}
            ORDER BY received_at DESC, id DESC LIMIT $${n + 1}`,
          [
            ...where.params,
            batchSize,
            ...(after ? [new Date(after.receivedAt).toISOString(), after.id] : []),
          ],
        )
        for (const row of rows) yield withParsedReasons(withParsedFields(row))
        const last = rows.at(-1)
        if (!last || rows.length < batchSize) return
        after = { receivedAt: last.receivedAt, id: last.id }
      }
    },

    async formKeysOf(filters, viewerId = '') {
      const where = filterCondition(filters, timeZone, 1, viewerId)
      const rows = await db.query<{ formKey: string }>(
        `SELECT DISTINCT form_key AS "formKey" FROM leads WHERE ${where.sql}`,
        where.params,
      )
      return rows.map((row) => row.formKey)
    },

    async findLead(id) {
      if (!isUuid(id)) return undefined
      const rows = await db.query<InboxLead>(`SELECT ${inboxColumns} FROM leads WHERE id = $1`, [id])
      return rows[0] && withParsedReasons(withParsedFields(rows[0]))
    },

    async deliveryJobs(leadId) {
      if (!isUuid(leadId)) return []
      return db.query<DeliveryJob>(
        `SELECT id, lead_id AS "leadId", status, attempts, next_attempt_at AS "nextAttemptAt",
                last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt"
           FROM delivery_jobs WHERE lead_id = $1 ORDER BY created_at`,
        [leadId],
      )
    },

    async reveals(leadId) {
      if (!isUuid(leadId)) return []
      return db.query<RevealRecord>(
        `SELECT staff_email AS "staffEmail", field_name AS "fieldName", revealed_at AS "revealedAt"
           FROM sensitive_reveals WHERE lead_id = $1 ORDER BY revealed_at DESC, id DESC`,
        [leadId],
      )
    },

    async recordReveal(reveal) {
      await db.query(
        `INSERT INTO sensitive_reveals (staff_user_id, staff_email, lead_id, field_name, revealed_at)
         VALUES ($1, $2, $3, $4, $5::timestamptz)`,
        [reveal.staffUserId, reveal.staffEmail, reveal.leadId, reveal.fieldName, reveal.at.toISOString()],
      )
    },

    async setStatus(leadId, status) {
      if (!isUuid(leadId)) return false
      const rows = await db.query<{ id: string }>('UPDATE leads SET status = $2 WHERE id = $1 RETURNING id', [
        leadId,
        status,
      ])
      return rows.length > 0
    },

    async setSpam(leadId, spam) {
      if (!isUuid(leadId)) return false
      return db.transaction(async (tx: Queryable) => {
        // The row lock makes two simultaneous "not spam" clicks create one job, not two.
        const rows = await tx.query<{ id: string }>('SELECT id FROM leads WHERE id = $1 FOR UPDATE', [leadId])
        if (rows.length === 0) return false
        await tx.query('UPDATE leads SET is_spam = $2 WHERE id = $1', [leadId, spam])
        if (!spam) {
          await tx.query(
            `INSERT INTO delivery_jobs (lead_id)
             SELECT $1 WHERE NOT EXISTS (SELECT 1 FROM delivery_jobs WHERE lead_id = $1)`,
            [leadId],
          )
        }
        return true
      })
    },

    async retryDelivery(leadId, jobId) {
      if (!isUuid(leadId) || !isUuid(jobId)) return false
      // now() of the database, as the delivery worker compares next_attempt_at with it.
      const rows = await db.query<{ id: string }>(
        `UPDATE delivery_jobs SET status = 'pending', next_attempt_at = now(), attempts = 0, locked_until = NULL
          WHERE id = $1 AND lead_id = $2 AND status = 'failed' RETURNING id`,
        [jobId, leadId],
      )
      return rows.length > 0
    },

    weeklyCounts: (since) =>
      db.query<WeeklyCount>(
        `SELECT to_char(date_trunc('week', received_at AT TIME ZONE $1), 'YYYY-MM-DD') AS week,
                form_key AS "formKey", count(*)::int AS count
           FROM leads
          WHERE NOT is_spam AND received_at >= ($2::date::timestamp AT TIME ZONE $1)
          GROUP BY 1, 2`,
        [timeZone, since],
      ),

    async weekStart(now) {
      const [row] = await db.query<{ week: string }>(
        `SELECT to_char(date_trunc('week', $1::timestamptz AT TIME ZONE $2), 'YYYY-MM-DD') AS week`,
        [now.toISOString(), timeZone],
      )
      if (!row) throw new Error('the database returned no week')
      return row.week
    },
  }
}
