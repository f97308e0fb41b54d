import { randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../db/database.ts'
import { groupCommit } from '../db/group-commit.ts'
import { drawLeadReference } from './lead-reference.ts'

export type LeadLanguage = 'en' | 'es'

export interface NewLead {
  formKey: string
  fields: Record<string, string>
  language: LeadLanguage
  userAgent: string | null
  ipHash: string | null
  isSpam: boolean
  /** Why it was judged spam (empty when it was not). */
  spamReasons: string[]
  idempotencyKey: string | null
  /** Fingerprint of the form and body as sent (submission-metadata.ts bodyFingerprint). */
  bodyHash: string | null
}

export interface Lead extends NewLead {
  id: string
  /** The short reference the visitor was given, e.g. "K7M-Q9X" (server/leads/lead-reference.ts). */
  reference: string
  receivedAt: Date
  status: string
}

export interface DeliveryJob {
  id: string
  leadId: string
  status: 'pending' | 'sending' | 'sent' | 'failed'
  attempts: number
  nextAttemptAt: Date
  lastError: string | null
  createdAt: Date
  sentAt: Date | null
}

export interface LeadRepository {
  /**
   * Stores a lead and, unless it is spam, its delivery job, in one transaction. A lead whose
   * idempotency key is already stored is not stored again: the existing lead comes back with
   * created false (and no second delivery job).
   */
  insertLead(lead: NewLead): Promise<{ lead: Lead; created: boolean }>
  findLeadById(id: string): Promise<Lead | undefined>
  findLeadByIdempotencyKey(key: string): Promise<Lead | undefined>
  /** How many other client addresses sent this exact body since `since`. */
  countOtherAddressesWithBody(bodyHash: string, ipHash: string | null, since: Date): Promise<number>
  deliveryJobsForLead(leadId: string): Promise<DeliveryJob[]>
}

const leadColumns = `id, form_key AS "formKey", fields, language, received_at AS "receivedAt",
  user_agent AS "userAgent", ip_hash AS "ipHash", is_spam AS "isSpam",
  idempotency_key AS "idempotencyKey", body_hash AS "bodyHash", spam_reasons AS "spamReasons", status,
  reference`

const deliveryJobColumns = `id, lead_id AS "leadId", status, attempts, next_attempt_at AS "nextAttemptAt",
  last_error AS "lastError", created_at AS "createdAt", sent_at AS "sentAt"`

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function selectLeadByIdempotencyKey(db: Queryable, key: string): Promise<Lead | undefined> {
  const rows = await db.query<Lead>(`SELECT ${leadColumns} FROM leads WHERE idempotency_key = $1`, [key])
  return rows[0]
}

/**
 * PostgreSQL text and jsonb cannot hold U+0000 or an unpaired UTF-16 surrogate (JSON.parse lets a
 * body carry both as \u escapes): such a character is stored as U+FFFD instead of failing the insert.
 * Validation already refuses control characters in real leads; spam and odd clients may still send them.
 */
function storableFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [
      name,
      value.toWellFormed().replaceAll('\u0000', '\uFFFD'),
    ]),
  )
}

/** Whether an insert failed only because its randomly drawn reference is already taken. */
function isReferenceCollision(error: unknown): boolean {
  return (
    error instanceof Error &&
    'code' in error &&
    error.code === '23505' &&
    error.message.includes('leads_reference_key')
  )
}

/** Draws of a new reference before giving up (a repeat is one in millions; three in a row, never). */
const referenceAttempts = 3

/** Leads written in one statement at most (11 parameters each, well under PostgreSQL’s 65,535). */
const maxLeadsPerWrite = 200

const leadValueColumns = `id, form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
                          body_hash, spam_reasons, reference`

function leadParams(id: string, lead: NewLead): unknown[] {
  return [
    id,
    lead.formKey,
    JSON.stringify(storableFields(lead.fields)),
    lead.language,
    lead.userAgent,
    lead.ipHash,
    lead.isSpam,
    lead.idempotencyKey,
    lead.bodyHash,
    JSON.stringify(lead.spamReasons),
    // Drawn here rather than by the column's default: one SQL function call less per lead.
    drawLeadReference(),
  ]
}

function leadValues(row: number): string {
  const p = (column: number) => `$${row * 11 + column}`
  return `(${p(1)}::uuid, ${p(2)}, ${p(3)}::jsonb, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}::boolean, ${p(8)}, ${p(9)}, ${p(10)}::jsonb, ${p(11)})`
}

interface RepeatQuestion {
  bodyHash: string
  ipHash: string | null
  since: Date
}

export function createLeadRepository(db: Database): LeadRepository {
  /**
   * One statement stores the leads and, for those that are not spam, their delivery jobs: atomic
   * without an explicit transaction, one round trip, one flush. ON CONFLICT DO NOTHING rather than
   * catching a unique violation: on PostgreSQL a concurrent insert with the same key waits for the
   * first to commit, then yields no row; two leads with one key in the same statement keep the first.
   * The ids are drawn here so each lead finds its own row in what comes back.
   */
  async function insertRows(leads: NewLead[]): Promise<(Lead | undefined)[]> {
    const ids = leads.map(() => randomUUID())
    const rows = await db.query<Lead>(
      `WITH lead AS (
           INSERT INTO leads (${leadValueColumns})
           VALUES ${leads.map((_lead, row) => leadValues(row)).join(', ')}
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING ${leadColumns}
         ), job AS (
           INSERT INTO delivery_jobs (lead_id) SELECT id FROM lead WHERE NOT "isSpam"
         )
         SELECT * FROM lead`,
      leads.flatMap((lead, row) => leadParams(ids[row] ?? '', lead)),
    )
    const byId = new Map(rows.map((row) => [row.id, row]))
    return ids.map((id) => byId.get(id))
  }

  /** What the visitor's request gets: its new lead, or the one already stored under its key. */
  async function outcome(
    lead: NewLead,
    inserted: Lead | undefined,
  ): Promise<{ lead: Lead; created: boolean }> {
    if (inserted) return { lead: inserted, created: true }
    // Only a key conflict inserts nothing, so the key is set and its lead exists.
    const existing = lead.idempotencyKey
      ? await selectLeadByIdempotencyKey(db, lead.idempotencyKey)
      : undefined
    if (!existing) throw new Error('Lead insert returned no row and no lead has its idempotency key')
    return { lead: existing, created: false }
  }

  /** One lead on its own, drawing a new reference if its first one is taken. */
  async function insertOne(lead: NewLead): Promise<{ lead: Lead; created: boolean }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await outcome(lead, (await insertRows([lead]))[0])
      } catch (error) {
        if (attempt >= referenceAttempts || !isReferenceCollision(error)) throw error
      }
    }
  }

  /**
   * Group commit (server/db/group-commit.ts): the leads that arrive while one write is under way
   * are stored together by the next. If that statement fails (a reference drawn twice, one odd
   * value), each lead is tried on its own, so one visitor's lead never fails another's.
   */
  const insertLead = groupCommit<NewLead, { lead: Lead; created: boolean }>(async (leads) => {
    if (leads.length === 1) return Promise.allSettled(leads.map(insertOne))
    let inserted: (Lead | undefined)[]
    try {
      inserted = await insertRows(leads)
    } catch {
      const settled: PromiseSettledResult<{ lead: Lead; created: boolean }>[] = []
      for (const lead of leads) settled.push(...(await Promise.allSettled([insertOne(lead)])))
      return settled
    }
    return Promise.allSettled(leads.map((lead, row) => outcome(lead, inserted[row])))
  }, maxLeadsPerWrite)

  /** The repeated-text check of the submissions that arrive together, in one query, in their order. */
  const countOtherAddresses = groupCommit<RepeatQuestion, number>(async (asks) => {
    const [only] = asks
    if (asks.length === 1 && only) {
      // Alone: the plain query, cheaper to plan than the batched one.
      const [row] = await db.query<{ count: string | number }>(
        `SELECT count(DISTINCT ip_hash) AS count FROM leads
          WHERE body_hash = $1 AND received_at >= $3::timestamptz AND ip_hash IS DISTINCT FROM $2`,
        [only.bodyHash, only.ipHash, only.since.toISOString()],
      )
      return [{ status: 'fulfilled', value: Number(row?.count ?? 0) }]
    }
    const rows = await db.query<{ count: string | number }>(
      `SELECT (SELECT count(DISTINCT l.ip_hash) FROM leads l
                WHERE l.body_hash = q.body_hash AND l.received_at >= q.since
                  AND l.ip_hash IS DISTINCT FROM q.ip_hash) AS count
         FROM unnest($1::text[], $2::text[], $3::timestamptz[]) WITH ORDINALITY AS q(body_hash, ip_hash, since, n)
        ORDER BY q.n`,
      [
        asks.map((ask) => ask.bodyHash),
        asks.map((ask) => ask.ipHash),
        asks.map((ask) => ask.since.toISOString()),
      ],
    )
    return asks.map((_ask, index) => ({ status: 'fulfilled', value: Number(rows[index]?.count ?? 0) }))
  }, maxLeadsPerWrite)

  return {
    insertLead,

    async findLeadById(id) {
      // PostgreSQL rejects a malformed uuid with an error; a malformed id simply names no lead.
      if (!uuidPattern.test(id)) return undefined
      const rows = await db.query<Lead>(`SELECT ${leadColumns} FROM leads WHERE id = $1`, [id])
      return rows[0]
    },

    findLeadByIdempotencyKey: (key) => selectLeadByIdempotencyKey(db, key),

    countOtherAddressesWithBody: (bodyHash, ipHash, since) =>
      countOtherAddresses({ bodyHash, ipHash, since }),

    deliveryJobsForLead: (leadId) =>
      db.query<DeliveryJob>(
        `SELECT ${deliveryJobColumns} FROM delivery_jobs WHERE lead_id = $1 ORDER BY created_at`,
        [leadId],
      ),
  }
}
