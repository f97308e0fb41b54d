import type { Database, Queryable } from '../db/database.ts'

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

export function createLeadRepository(db: Database): LeadRepository {
  async function insertOnce(lead: NewLead): Promise<Lead[]> {
    // One statement stores the lead and, unless it is spam, its delivery job: atomic without an
    // explicit transaction, and one round trip (the embedded database runs on the event loop).
    // ON CONFLICT DO NOTHING rather than catching a unique violation: on PostgreSQL a concurrent
    // insert with the same key waits for the first to commit, then yields no row.
    return db.query<Lead>(
      `WITH lead AS (
           INSERT INTO leads (form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
                              body_hash, spam_reasons)
           VALUES ($1, $2::jsonb, $3, $4, $5, $6, $7, $8, $9::jsonb)
           ON CONFLICT (idempotency_key) DO NOTHING
           RETURNING ${leadColumns}
         ), job AS (
           INSERT INTO delivery_jobs (lead_id) SELECT id FROM lead WHERE NOT "isSpam"
         )
         SELECT * FROM lead`,
      [
        lead.formKey,
        JSON.stringify(storableFields(lead.fields)),
        lead.language,
        lead.userAgent,
        lead.ipHash,
        lead.isSpam,
        lead.idempotencyKey,
        lead.bodyHash,
        JSON.stringify(lead.spamReasons),
      ],
    )
  }

  return {
    async insertLead(lead) {
      let inserted: Lead[] = []
      for (let attempt = 1; ; attempt++) {
        try {
          inserted = await insertOnce(lead)
          break
        } catch (error) {
          if (attempt >= referenceAttempts || !isReferenceCollision(error)) throw error
        }
      }
      const created = inserted[0]
      if (created) return { lead: created, created: true }
      // Only a key conflict inserts nothing, so the key is set and its lead exists.
      const existing = lead.idempotencyKey
        ? await selectLeadByIdempotencyKey(db, lead.idempotencyKey)
        : undefined
      if (!existing) throw new Error('Lead insert returned no row and no lead has its idempotency key')
      return { lead: existing, created: false }
    },

    async findLeadById(id) {
      // PostgreSQL rejects a malformed uuid with an error; a malformed id simply names no lead.
      if (!uuidPattern.test(id)) return undefined
      const rows = await db.query<Lead>(`SELECT ${leadColumns} FROM leads WHERE id = $1`, [id])
      return rows[0]
    },

    findLeadByIdempotencyKey: (key) => selectLeadByIdempotencyKey(db, key),

    async countOtherAddressesWithBody(bodyHash, ipHash, since) {
      const [row] = await db.query<{ count: string | number }>(
        `SELECT count(DISTINCT ip_hash) AS count FROM leads
          WHERE body_hash = $1 AND received_at >= $3::timestamptz AND ip_hash IS DISTINCT FROM $2`,
        [bodyHash, ipHash, since.toISOString()],
      )
      return Number(row?.count ?? 0)
    },

    deliveryJobsForLead: (leadId) =>
      db.query<DeliveryJob>(
        `SELECT ${deliveryJobColumns} FROM delivery_jobs WHERE lead_id = $1 ORDER BY created_at`,
        [leadId],
      ),
  }
}
