/**
 * The one lead row and every statement that writes or reads one lead: the insert (with its
 * repeated-text check and delivery job, by group commit through the store_leads of migrations 009 and 015),
 * lookups by id and idempotency key, spam marks, reveal records and the retention purge. Lists and counts of many leads are in
 * lead-queries.ts, the outbox's statements in lead-jobs.ts, the work log in work-log.ts.
 */
import { randomUUID } from 'node:crypto'
import type { Database, Queryable } from '../db/database.ts'
import { groupCommit } from '../db/group-commit.ts'
import { build, run } from '../db/query-builder.ts'
import { repeatCountCap, repeatReasonText } from '../spam/repeat-text.ts'
import { isUuid } from './lead-id.ts'
import { queueLeadJobOnce } from './lead-jobs.ts'
import { drawLeadReference } from './lead-reference.ts'
import { type LeadSource, storedLeadSource } from './lead-source.ts'
import { offerVisitorCopies } from './visitor-copies.ts'

export type LeadLanguage = 'en' | 'es'

/**
 * The statuses a lead goes through (the `leads_status_check` constraint, migration 013): the
 * pipeline new, contacted, quoted, then won or lost; 'closed' is finished with no outcome recorded
 * (what every finished lead was before the pipeline, and what the API still accepts).
 */
export const leadStatuses = ['new', 'contacted', 'quoted', 'won', 'lost', 'closed'] as const
export type LeadStatus = (typeof leadStatuses)[number]

/** Finished leads: out of the work queue, and purged after RETENTION_DAYS like spam. */
export const finishedStatuses = ['won', 'lost', 'closed'] as const satisfies readonly LeadStatus[]

/** Why a lead was lost (the `lost_reason` column, migration 013). */
export const lostReasons = [
  'price',
  'coverage',
  'other-agency',
  'not-reachable',
  'not-eligible',
  'other',
] as const
export type LostReason = (typeof lostReasons)[number]

export function isLostReason(value: unknown): value is LostReason {
  return lostReasons.some((reason) => reason === value)
}

export function isLeadStatus(value: unknown): value is LeadStatus {
  return leadStatuses.some((status) => status === value)
}

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
  /** Keyed fingerprint of the form and body as sent (submission-metadata.ts bodyFingerprint). */
  bodyHash: string | null
  /**
   * Keyed fingerprint of what the lead says (submission-metadata.ts textFingerprint): the insert
   * records the lead's address as a sender of this text, for the repeat check of later leads.
   * Absent: the lead's text is not recorded.
   */
  textHash?: string | null
  /**
   * The repeated-text check, made by the insert itself (one statement, one snapshot): if other
   * client addresses sent the same `textHash` since `since`, the lead is stored with `ifRepeated`
   * instead of `isSpam` and `spamReasons`, plus the reason naming how many (server/spam/repeat-text.ts).
   * Absent: no check (a honeypot hit is spam anyway).
   */
  repeatCheck?: { since: Date; ifRepeated: { isSpam: boolean; spamReasons: string[] } }
  /** Where the visit began (server/leads/lead-source.ts); null or absent when nothing is known. */
  source?: LeadSource | null
  /**
   * The visitor's copy is offered (visitor-copies.ts): the keyed digest of the mailbox it would go
   * to. The insert grants it only if the lead is stored with no spam reason, the repeat check's
   * included. Absent: no copy.
   */
  visitorCopy?: { mailboxKey: string }
}

/** A row of `leads`, as every statement of server/leads reads it. */
export interface Lead extends Omit<NewLead, 'repeatCheck' | 'textHash' | 'visitorCopy'> {
  id: string
  /** The short reference the visitor was given, e.g. "K7M-Q9X" (server/leads/lead-reference.ts). */
  reference: string
  receivedAt: Date
  status: LeadStatus
  /** The staff account the lead is assigned to; null when unassigned. */
  assignedTo: string | null
  /** The first logged contact attempt; null before anyone answered. */
  firstContactAt: Date | null
  /** When to contact the lead next; null when none is set. */
  followUpAt: Date | null
  /** Why a lost lead was lost; null otherwise. */
  lostReason: LostReason | null
}

/** The select list of a `Lead` for the query builder, over `leads` (unaliased). */
export const leadSelection = [
  'id',
  'form_key as formKey',
  'fields',
  'language',
  'received_at as receivedAt',
  'user_agent as userAgent',
  'ip_hash as ipHash',
  'is_spam as isSpam',
  'idempotency_key as idempotencyKey',
  'body_hash as bodyHash',
  'spam_reasons as spamReasons',
  'status',
  'reference',
  'assigned_to as assignedTo',
  'first_contact_at as firstContactAt',
  'follow_up_at as followUpAt',
  'lost_reason as lostReason',
  'source',
] as const

/** A jsonb array of strings as the drivers return it (parsed, or as text to be safe): its strings. */
function stringsOf(value: unknown): string[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value
  return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : []
}

/**
 * jsonb arrives parsed from node-postgres and PGlite alike; a string is parsed to be safe, and the
 * fields and reasons come out as strings whatever the driver returned. The source is read back
 * through its validation: it reaches pages and exports.
 */
export function leadFromRow<T extends { fields: unknown; spamReasons: unknown; source?: unknown }>(
  row: T,
): Omit<T, 'fields' | 'spamReasons' | 'source'> & {
  fields: Record<string, string>
  spamReasons: string[]
  source: LeadSource | null
} {
  const rawFields: unknown = typeof row.fields === 'string' ? JSON.parse(row.fields) : row.fields
  const fields: Record<string, string> = {}
  if (rawFields && typeof rawFields === 'object') {
    for (const [name, value] of Object.entries(rawFields))
      fields[name] = typeof value === 'string' ? value : String(value)
  }
  return { ...row, fields, spamReasons: stringsOf(row.spamReasons), source: storedLeadSource(row.source) }
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
}

async function selectLeadByIdempotencyKey(db: Queryable, key: string): Promise<Lead | undefined> {
  const [row] = await run(
    db,
    build.selectFrom('leads').select(leadSelection).where('idempotency_key', '=', key),
  )
  return row && leadFromRow(row)
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

/** Leads written in one call at most (migration 009's store_leads takes one array per column). */
const maxLeadsPerWrite = 200

/** A lead as it is sent to store_leads: with its id and reference drawn and its fields storable. */
export interface SentLead {
  lead: NewLead
  id: string
  reference: string
  fields: Record<string, string>
}

/** One lead as store_leads takes it: its value in each of the function's 16 arrays, in order. */
function leadArguments({ lead, id, reference, fields }: SentLead): unknown[] {
  const { repeatCheck } = lead
  return [
    id,
    lead.formKey,
    JSON.stringify(fields),
    lead.language,
    lead.userAgent,
    lead.ipHash,
    lead.isSpam,
    lead.idempotencyKey,
    lead.bodyHash,
    lead.textHash ?? null,
    JSON.stringify(lead.spamReasons),
    reference,
    // No check: no date, so the count finds nothing.
    repeatCheck?.since.toISOString() ?? null,
    repeatCheck?.ifRepeated.isSpam ?? lead.isSpam,
    JSON.stringify(repeatCheck?.ifRepeated.spamReasons ?? lead.spamReasons),
    lead.source ? JSON.stringify(lead.source) : null,
  ]
}

/**
 * The parameters of `storeLeadsStatement` for a batch: one array per column, then the three reason
 * texts and the count's cap.
 */
export function storeLeadsParameters(batch: SentLead[]): unknown[] {
  const byLead = batch.map(leadArguments)
  const columns = byLead[0]?.map((_value, column) => byLead.map((values) => values[column])) ?? []
  return [...columns, repeatReasonText.one, repeatReasonText.many, repeatReasonText.capped, repeatCountCap]
}

/**
 * What store_leads decided about each lead it stored; the rest of the row is what was sent. Read
 * back alone: the whole row (its fields above all) cost PostgreSQL about 11 µs and the event loop
 * about 18 µs more per lead to send back and parse (docs/decisions/020-storing-a-batch-in-one-call.md).
 */
interface StoredRow {
  id: string
  receivedAt: Date
  isSpam: boolean
  spamReasons: unknown
}

/**
 * The call of store_leads with one array per column (scripts/bench-store-leads.ts sends it too).
 * Sent unnamed, like every other statement: preparing it once per connection saved PostgreSQL about
 * 0.1 ms per call, but no rate the benchmark could tell from its noise, and it bound a pooler in
 * front of PostgreSQL to keep prepared statements (decision 029).
 */
export const storeLeadsStatement = `SELECT id, received_at AS "receivedAt", is_spam AS "isSpam", spam_reasons AS "spamReasons"
  FROM store_leads($1::uuid[], $2::text[], $3::jsonb[], $4::text[], $5::text[], $6::text[], $7::boolean[],
  $8::text[], $9::text[], $10::text[], $11::jsonb[], $12::text[], $13::timestamptz[], $14::boolean[], $15::jsonb[],
  $16::jsonb[], $17::text, $18::text, $19::text, $20::integer)`

/**
 * A lead as store_leads stored it: what was sent, with the id and reference drawn for it, the
 * verdict the insert settled (the repeat check may have changed it) and the time the database gave
 * it. A new lead's status, assignee and first contact are the columns' defaults (migrations 001,
 * 006): a default changed there is changed here too.
 */
function storedLead(lead: NewLead, sent: Omit<SentLead, 'lead'>, row: StoredRow): Lead {
  const { repeatCheck: _check, textHash: _text, visitorCopy: _copy, ...rest } = lead
  return {
    ...rest,
    ...sent,
    receivedAt: row.receivedAt,
    isSpam: row.isSpam,
    spamReasons: stringsOf(row.spamReasons),
    source: lead.source ?? null,
    status: 'new',
    assignedTo: null,
    firstContactAt: null,
    followUpAt: null,
    lostReason: null,
  }
}

export function createLeadRepository(db: Database): LeadRepository {
  /**
   * One call of store_leads (migration 009, 015) checks each lead's text against the week's senders,
   * stores the leads and, for those that are not spam, their delivery jobs: atomic without an
   * explicit transaction, one round trip, one flush, a plan the connection keeps. On PostgreSQL a
   * concurrent insert with the same idempotency key waits for the first to commit, then yields no
   * row; two leads with one key in the same call keep the first. The ids are drawn here so each lead
   * finds its own row in what comes back.
   */
  async function insertRows(leads: NewLead[]): Promise<(Lead | undefined)[]> {
    const batch = leads.map((lead) => ({
      lead,
      id: randomUUID(),
      // Drawn here rather than by the column's default: one SQL function call less per lead.
      reference: drawLeadReference(),
      fields: storableFields(lead.fields),
    }))
    const rows = await db.query<StoredRow>(storeLeadsStatement, storeLeadsParameters(batch))
    const byId = new Map(rows.map((row) => [row.id, row]))
    await offerCopies(batch, byId)
    return batch.map(({ lead, ...sent }) => {
      const row = byId.get(sent.id)
      return row && storedLead(lead, sent, row)
    })
  }

  /**
   * The visitors' copies of the leads just stored that asked for one and were stored without any
   * spam reason. After the leads' own statement, so a failure here never fails a lead that is
   * already stored (a retry would store it twice): the lead and the agency's notification stand,
   * and the visitor gets no copy.
   */
  async function offerCopies(batch: SentLead[], stored: Map<string, StoredRow>): Promise<void> {
    const offers = batch.flatMap(({ lead, id }) => {
      const row = stored.get(id)
      if (!lead.visitorCopy || !row || row.isSpam || stringsOf(row.spamReasons).length > 0) return []
      return [{ leadId: id, mailboxKey: lead.visitorCopy.mailboxKey, groupKey: lead.ipHash }]
    })
    await offerVisitorCopies(db, offers).catch(() => undefined)
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
  const insertLead = groupCommit<NewLead, { lead: Lead; created: boolean }>(
    async (leads) => {
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
    },
    // One write at a time on both databases: the next batch collects while this one commits.
    { maxBatch: maxLeadsPerWrite },
  )

  return {
    insertLead,

    async findLeadById(id) {
      if (!isUuid(id)) return undefined
      const [row] = await run(db, build.selectFrom('leads').select(leadSelection).where('id', '=', id))
      return row && leadFromRow(row)
    },

    findLeadByIdempotencyKey: (key) => selectLeadByIdempotencyKey(db, key),
  }
}

/**
 * Marks or unmarks spam. Unmarking a lead that never had a delivery job (a honeypot hit that was
 * a person after all) creates its job, so the agency gets the e-mail it never got. False: no such lead.
 */
export async function setLeadSpam(db: Database, leadId: string, spam: boolean): Promise<boolean> {
  if (!isUuid(leadId)) return false
  return db.transaction(async (tx) => {
    // The row lock makes two simultaneous "not spam" clicks create one job, not two.
    const rows = await run(tx, build.selectFrom('leads').select('id').where('id', '=', leadId).forUpdate())
    if (rows.length === 0) return false
    await run(tx, build.updateTable('leads').set({ is_spam: spam }).where('id', '=', leadId))
    if (!spam) await queueLeadJobOnce(tx, leadId)
    return true
  })
}

/**
 * Deletes finished (won, lost, closed) and spam leads received before `cutoff`, with their
 * delivery jobs and work log (ON DELETE CASCADE); new, contacted and quoted leads are kept.
 * Returns how many were deleted.
 */
export async function purgeFinishedLeads(
  db: Queryable,
  cutoff: Date,
  { purgeWon }: { purgeWon: boolean },
): Promise<number> {
  // Won leads are the agency's customers: kept unless the agency says otherwise (RETENTION_WON).
  const statuses = purgeWon ? finishedStatuses : finishedStatuses.filter((status) => status !== 'won')
  const rows = await run(
    db,
    build
      .deleteFrom('leads')
      .where((eb) => eb.or([eb('status', 'in', statuses), eb.ref('is_spam')]))
      .where('received_at', '<', cutoff)
      .returning('id'),
  )
  return rows.length
}

/**
 * Forgets which addresses sent a text when they last did before `before` (the repeat check's
 * window): the check never reads them again. Returns how many rows were deleted.
 */
export async function forgetOldTextSenders(db: Queryable, before: Date): Promise<number> {
  const rows = await run(
    db,
    build.deleteFrom('text_senders').where('last_sent_at', '<', before).returning('text_hash'),
  )
  return rows.length
}

/** Who revealed which sensitive field of a lead, and when (docs/contracts.md, "Sensitive fields"). */
export interface RevealRecord {
  staffEmail: string
  fieldName: string
  revealedAt: Date
  /** Sent in a webhook to this address (staffEmail: the owner who allowed it); null: shown on the desk. */
  webhookUrl: string | null
}

export async function revealsOfLead(db: Queryable, leadId: string): Promise<RevealRecord[]> {
  if (!isUuid(leadId)) return []
  return run(
    db,
    build
      .selectFrom('sensitive_reveals')
      .select([
        'staff_email as staffEmail',
        'field_name as fieldName',
        'revealed_at as revealedAt',
        'webhook_url as webhookUrl',
      ])
      .where('lead_id', '=', leadId)
      .orderBy('revealed_at', 'desc')
      .orderBy('id', 'desc'),
  )
}

export async function recordReveal(
  db: Queryable,
  reveal: { leadId: string; fieldName: string; staffUserId: string | null; staffEmail: string; at: Date },
): Promise<void> {
  await run(
    db,
    build.insertInto('sensitive_reveals').values({
      staff_user_id: reveal.staffUserId,
      staff_email: reveal.staffEmail,
      lead_id: reveal.leadId,
      field_name: reveal.fieldName,
      revealed_at: reveal.at,
    }),
  )
}

/**
 * SSN and EIN about to leave in a webhook, recorded like a reveal before they are sent: once per
 * delivery and field, however many attempts the delivery takes (migration 018).
 */
export async function recordWebhookReveals(
  db: Queryable,
  sent: {
    leadId: string
    fieldNames: readonly string[]
    deliveryId: string
    webhookUrl: string
    allowedBy: string
    at: Date
  },
): Promise<void> {
  if (sent.fieldNames.length === 0) return
  await run(
    db,
    build
      .insertInto('sensitive_reveals')
      .values(
        sent.fieldNames.map((fieldName) => ({
          staff_email: sent.allowedBy,
          lead_id: sent.leadId,
          field_name: fieldName,
          revealed_at: sent.at,
          webhook_url: sent.webhookUrl,
          webhook_delivery_id: sent.deliveryId,
        })),
      )
      .onConflict((conflict) =>
        conflict
          .columns(['webhook_delivery_id', 'field_name'])
          .where('webhook_delivery_id', 'is not', null)
          .doNothing(),
      ),
  )
}

/** A lead's SSN or EIN sent by a webhook, as the owner's webhooks page lists them. */
export interface WebhookRevealRecord {
  leadId: string
  reference: string | null
  fieldName: string
  webhookUrl: string
  allowedBy: string
  sentAt: Date
}

/** The latest SSN and EIN sent by webhooks, newest first. */
export function recentWebhookReveals(db: Queryable, limit: number): Promise<WebhookRevealRecord[]> {
  return run(
    db,
    build
      .selectFrom('sensitive_reveals as r')
      .leftJoin('leads as l', 'l.id', 'r.lead_id')
      .select([
        'r.lead_id as leadId',
        'l.reference',
        'r.field_name as fieldName',
        'r.webhook_url as webhookUrl',
        'r.staff_email as allowedBy',
        'r.revealed_at as sentAt',
      ])
      .where('r.webhook_url', 'is not', null)
      .$narrowType<{ webhookUrl: string }>()
      .orderBy('r.revealed_at', 'desc')
      .orderBy('r.id', 'desc')
      .limit(limit),
  )
}
