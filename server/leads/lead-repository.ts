/**
 * The one lead row and every statement that writes or reads one lead: the insert (with its
 * repeated-text check, delivery job, used proof and visitor's copy, by group commit through
 * store_leads, server/db/functions.sql),
 * lookups by id and idempotency key, spam marks, reveal records and the retention purge. Lists and counts of many leads are in
 * lead-queries.ts, the outbox's statements in lead-jobs.ts, the work log in work-log.ts.
 */

import { randomUUID } from 'node:crypto'
import type { Locale } from '#content/locale.ts'
import { type LeadSource, storedLeadSource } from '#forms/lead-source.ts'
import type { Database, Queryable } from '../db/database.ts'
import { groupCommit } from '../db/group-commit.ts'
import { build, run } from '../db/query-builder.ts'
import { isUuid } from '../db/uuid.ts'
import type { UsedProof } from '../spam/proof-verifier.ts'
import { repeatCountCap, repeatReasonText } from '../spam/repeat-text.ts'
import { type EventActor, recordLeadEvent } from '../webhooks/webhook-jobs.ts'
import { queueLeadJobOnce } from './lead-jobs.ts'
import { drawLeadReference } from './lead-reference.ts'
import { visitorCopyLimits } from './visitor-copies.ts'

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
  language: Locale
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
  /** Where the visit began (forms/lead-source.ts); null or absent when nothing is known. */
  source?: LeadSource | null
  /**
   * The visitor's copy is offered (visitor-copies.ts): the keyed digest of the mailbox it would go
   * to. The insert grants it only if the lead is stored with no spam reason, the repeat check's
   * included. Absent: no copy.
   */
  visitorCopy?: { mailboxKey: string }
  /**
   * The proof of work the submission used (server/spam/proof-verifier.ts), recorded by the insert
   * whether or not the lead is new, so it stays used across a restart; `now` is the server's clock,
   * by which the expired ones are deleted. Absent: no proof.
   */
  usedProof?: { proof: UsedProof; now: Date }
}

/** What the insert takes beside the lead's own columns, and does not keep on the lead. */
type InsertOnly = 'repeatCheck' | 'textHash' | 'visitorCopy' | 'usedProof'

/** A row of `leads`, as every statement of server/leads reads it. */
export interface Lead extends Omit<NewLead, InsertOnly> {
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

/** Leads written in one call at most. */
const maxLeadsPerWrite = 200

/** A lead as it is sent to store_leads: with its id and reference drawn and its fields storable. */
export interface SentLead {
  lead: NewLead
  id: string
  reference: string
  fields: Record<string, string>
}

/**
 * One lead as store_leads takes it (server/db/functions.sql): an object whose keys are the columns
 * the function reads from its `batch`; a key left out is null there.
 */
function leadArguments({ lead, id, reference, fields }: SentLead) {
  const { repeatCheck, usedProof } = lead
  return {
    id,
    form_key: lead.formKey,
    fields,
    language: lead.language,
    user_agent: lead.userAgent,
    ip_hash: lead.ipHash,
    is_spam: lead.isSpam,
    idempotency_key: lead.idempotencyKey,
    body_hash: lead.bodyHash,
    text_hash: lead.textHash ?? null,
    spam_reasons: lead.spamReasons,
    reference,
    // No check: no date, so the count finds nothing.
    repeat_since: repeatCheck?.since.toISOString() ?? null,
    spam_if_repeated: repeatCheck?.ifRepeated.isSpam ?? lead.isSpam,
    reasons_if_repeated: repeatCheck?.ifRepeated.spamReasons ?? lead.spamReasons,
    source: lead.source ?? null,
    proof_digest: usedProof?.proof.digest,
    proof_submission: usedProof?.proof.submission ?? undefined,
    proof_expires_at: usedProof && new Date(usedProof.proof.expiresMs).toISOString(),
    copy_mailbox_key: lead.visitorCopy?.mailboxKey,
  }
}

/**
 * The parameters of `storeLeadsStatement` for a batch: the leads, then the rules of the whole
 * batch (the repeat reasons and the count's cap, the copies' limits, the clock of the proofs).
 */
export function storeLeadsParameters(batch: SentLead[]): [string, string] {
  const clocks = batch.flatMap(({ lead }) => (lead.usedProof ? [lead.usedProof.now.getTime()] : []))
  return [
    JSON.stringify(batch.map(leadArguments)),
    JSON.stringify({
      reason_one: repeatReasonText.one,
      reason_many: repeatReasonText.many,
      reason_capped: repeatReasonText.capped,
      repeat_cap: repeatCountCap,
      // The earliest clock of the batch: nothing it deletes has expired for any of its requests.
      now: clocks.length > 0 ? new Date(Math.min(...clocks)).toISOString() : null,
      copies_per_mailbox: visitorCopyLimits.perMailbox,
      copies_per_group: visitorCopyLimits.perAddressGroup,
      copies_per_hour: visitorCopyLimits.perHour,
    }),
  ]
}

/**
 * What store_leads decided about each lead it stored; the rest of the row is what was sent. Read
 * back alone: the whole row (its fields above all) cost PostgreSQL about 11 µs and the event loop
 * about 18 µs more per lead to send back and parse (docs/decisions/036-storing-a-lead.md).
 */
interface StoredRow {
  id: string
  receivedAt: Date
  isSpam: boolean
  spamReasons: unknown
}

/**
 * The call of store_leads with its two named arguments (scripts/bench-store-leads.ts sends it too).
 * Sent unnamed, like every other statement: preparing it once per connection saved PostgreSQL about
 * 0.1 ms per call, but no rate the benchmark could tell from its noise, and it bound a pooler in
 * front of PostgreSQL to keep prepared statements (docs/decisions/036-storing-a-lead.md).
 */
export const storeLeadsStatement = `SELECT id, received_at AS "receivedAt", is_spam AS "isSpam", spam_reasons AS "spamReasons"
  FROM store_leads(batch => $1::jsonb, rules => $2::jsonb)`

/**
 * A lead as store_leads stored it: what was sent, with the id and reference drawn for it, the
 * verdict the insert settled (the repeat check may have changed it) and the time the database gave
 * it. A new lead's status, assignee and first contact are the columns' defaults (migrations 001,
 * 006): a default changed there is changed here too.
 */
function storedLead(lead: NewLead, sent: Omit<SentLead, 'lead'>, row: StoredRow): Lead {
  const { repeatCheck: _check, textHash: _text, visitorCopy: _copy, usedProof: _proof, ...rest } = lead
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
   * One call of store_leads (server/db/functions.sql) checks each lead's text against the week's
   * senders, stores the leads and, for those that are not spam, their delivery jobs, records the
   * used proofs and offers the visitors' copies: atomic without an explicit transaction, one round
   * trip, one flush, a plan the connection keeps. On PostgreSQL a
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
    return batch.map(({ lead, ...sent }) => {
      const row = byId.get(sent.id)
      return row && storedLead(lead, sent, row)
    })
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
export async function setLeadSpam(
  db: Database,
  leadId: string,
  spam: boolean,
  change: { actor?: EventActor; at?: Date } = {},
): Promise<boolean> {
  if (!isUuid(leadId)) return false
  return db.transaction(async (tx) => {
    // The row lock makes two simultaneous "not spam" clicks create one job, not two.
    const rows = await run(
      tx,
      build.selectFrom('leads').select(['id', 'is_spam as spam']).where('id', '=', leadId).forUpdate(),
    )
    const lead = rows[0]
    if (!lead) return false
    await run(tx, build.updateTable('leads').set({ is_spam: spam }).where('id', '=', leadId))
    if (lead.spam !== spam) {
      // Told only of a lead the receivers were told of (recordLeadEvent's rule), so before the
      // job below: a lead never received gets its lead.received now instead, and nothing more.
      await recordLeadEvent(tx, {
        leadId,
        type: spam ? 'lead.marked_spam' : 'lead.marked_not_spam',
        detail: {},
        at: change.at ?? new Date(),
        ...(change.actor ? { actor: change.actor } : {}),
      })
    }
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
