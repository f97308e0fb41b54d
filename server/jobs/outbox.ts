/**
 * The one implementation of the outbox tables the delivery worker sends from (decision 003): the
 * agency's notifications, the visitors' confirmations, the assignment e-mails and the webhook
 * deliveries. Every such table has `status`, `attempts`, `next_attempt_at`, a lease column and
 * `sent_at`; what differs (its name, key, lease column, which rows may be claimed, what a claim
 * returns, what an outcome records) is told by an `OutboxTable`, a constant in the module that owns
 * the table. Its names are the schema's (server/db/schema.ts), checked by the compiler, and only
 * ever literals in code.
 *
 * A claim takes the row due first with FOR UPDATE SKIP LOCKED, so several server processes never
 * take the same one, and counts an attempt; it is a lease: a row left 'sending' (its process died
 * mid-send) is due again once the lease has run out.
 */
import type { Compilable, RawBuilder, SqlBool, UpdateQueryBuilder } from 'kysely'
import type { Queryable } from '../db/database.ts'
import { build, run, sql } from '../db/query-builder.ts'
import type { DB } from '../db/schema.ts'

/** The outbox tables: each has status, attempts, next_attempt_at, a lease column and sent_at. */
type JobTable =
  | 'delivery_jobs'
  | 'visitor_confirmations'
  | 'assignment_mails'
  | 'webhook_deliveries'
  | 'push_messages'
  | 'reply_mails'

/** A column of any outbox table (what the statements common to all of them name). */
type AnyJobColumn = { [T in JobTable]: keyof DB[T] & string }[JobTable]

/** A column of one outbox table. */
type Column<T extends JobTable> = AnyJobColumn & keyof DB[T]

/**
 * What a claim does to the claimed row, given to the table's own UPDATE (see `claim`): marks it
 * sending under a new lease, counts the attempt, and picks it: the row due first.
 */
type Claiming<T extends JobTable> = <D extends { job: DB[T] }, O>(
  job: UpdateQueryBuilder<D, 'job', 'job', O>,
) => UpdateQueryBuilder<D, 'job', 'job', O>

/**
 * One outbox table. Its names are the schema's (DB): a column the table does not have fails the
 * type check. The claimed row is `job` and, in `due`, the candidate row is `due`.
 */
interface OutboxTable<T extends JobTable, Claimed extends { attempts: number }, Field extends string, Row> {
  table: T
  /** The key an outcome or a release names a row by. */
  key: Column<T>
  /** The column holding the end of a claim's lease. */
  lease: Column<T>
  /**
   * Besides being due: what a row must also meet to be claimed, and the joins that needs (trusted
   * SQL fragments, written in the module that owns the table; no values in them).
   */
  due?: { join?: RawBuilder<unknown>; where: RawBuilder<SqlBool> }
  /**
   * What a claim answers: the table's UPDATE `AS job`, with `claiming` applied, the tables joined
   * to the claimed row (`from`, `whereRef`) and the RETURNING list, whose row type is `Row`; how
   * that row becomes `Claimed`, and where that keeps the key.
   */
  claimed: {
    claim(claiming: Claiming<T>): Compilable<Row>
    read(row: Row): Claimed
    key(claimed: Claimed): string
  }
  /** The columns an outcome writes besides status and times, by the outcome's field. */
  outcome: Readonly<Record<Field, Column<T>>>
  /**
   * Whether a row sent or skipped also has next_attempt_at set to that moment (the tables of
   * migrations 014 and 017 always did; the older ones keep the time of the last attempt).
   */
  dueAtSettle?: boolean
  /**
   * A column the desk's retry checks besides the key (the lead a job belongs to, so a job's id
   * under another lead's address retries nothing).
   */
  owner?: Column<T>
}

/** How attempts are retried, the same for every table (DeliverySettings). */
export interface RetryPolicy {
  maxAttempts: number
  /** First retry delay; each later one doubles, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
}

/** The wait before the attempt after `attempts` failed ones: exponential, capped. */
function retryDelayMs(attempts: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1))
}

/** now() plus some milliseconds. */
const fromNow = (ms: number) => sql<Date>`now() + (${ms}::int * interval '1 millisecond')`

/** What an outcome records besides status and times (an error, a receiver's answer). */
type Outcome<Field extends string> = Readonly<Record<Field, string | number | null>>

export interface Outbox<Claimed extends { attempts: number }, Field extends string> {
  /** The claimed row's key. */
  key(claimed: Claimed): string
  /**
   * Claims the row due first for `leaseMs` and counts an attempt; `also`, a trusted SQL condition on
   * the candidate row `due`, narrows the rows that may be taken (a lane's busy destinations).
   */
  claim(db: Queryable, leaseMs: number, also?: RawBuilder<SqlBool>): Promise<Claimed | undefined>
  /** Gives a claimed row back (a graceful stop): pending and due now, the attempt not counted. */
  release(db: Queryable, claimed: Claimed): Promise<void>
  /** Ends a row for good: sent, or (where the table has it) skipped on purpose. */
  settle(db: Queryable, claimed: Claimed, status: 'sent' | 'skipped', outcome: Outcome<Field>): Promise<void>
  /**
   * A failed attempt: pending again after the backoff, or 'failed' for good once `attempts` reach
   * the policy's maximum. Answers whether it was the last.
   */
  recordFailure(
    db: Queryable,
    claimed: Claimed,
    outcome: Outcome<Field>,
    policy: RetryPolicy,
  ): Promise<boolean>
  /** The desk's retry: a failed row pending again, due now, with a fresh count of attempts. */
  retryFailed(db: Queryable, key: string, owner?: string): Promise<boolean>
  /** After a restore: every row not delivered yet is discarded (where its table has that status). */
  discardUndelivered(db: Queryable): Promise<void>
}

export function outbox<T extends JobTable, Claimed extends { attempts: number }, Field extends string, Row>(
  table: OutboxTable<T, Claimed, Field, Row>,
): Outbox<Claimed, Field> {
  // The statements every table shares are built on the union of the tables: the builder checks
  // the columns they all have; the table's own names were checked against its schema above.
  const name: JobTable = table.table
  const key: AnyJobColumn = table.key
  const lease: AnyJobColumn = table.lease
  const owner: AnyJobColumn | undefined = table.owner
  const fields = Object.keys(table.outcome) as Field[]
  const update = () => build.updateTable(name)
  const outcomeColumns = fields.map((field): [Field, AnyJobColumn] => [field, table.outcome[field]])
  const withOutcome = (query: ReturnType<typeof update>, outcome: Outcome<Field>) =>
    outcomeColumns.reduce((set, [field, column]) => set.set(column, outcome[field]), query)

  /**
   * The row due first, locked with SKIP LOCKED so that several processes never take the same one.
   * A typed SQL template: the table, its key and its lease are the table's (checked above), and
   * the builder cannot name the columns of a table that is a parameter.
   */
  const due = (
    also?: RawBuilder<SqlBool>,
  ) => sql<string>`(SELECT ${sql.ref(`due.${key}`)} FROM ${sql.table(name)} due ${table.due?.join ?? sql``}
         WHERE ((due.status = 'pending' AND due.next_attempt_at <= now())
                OR (due.status = 'sending' AND ${sql.ref(`due.${lease}`)} < now()))
           ${table.due ? sql`AND ${table.due.where}` : sql``}
           ${also ? sql`AND ${also}` : sql``}
         ORDER BY due.next_attempt_at
         LIMIT 1
         FOR UPDATE OF due SKIP LOCKED)`

  // Applied to the table's own UPDATE, whose type is the table's: the columns are named through
  // dynamic references here (a builder generic over its table cannot check them), and Claiming<T>
  // requires that UPDATE to be on this table.
  const claiming =
    (leaseMs: number, also?: RawBuilder<SqlBool>): Claiming<T> =>
    (job) =>
      job
        .set(build.dynamic.ref('status'), sql`'sending'`)
        .set(build.dynamic.ref('attempts'), sql`job.attempts + 1`)
        .set(build.dynamic.ref(lease), fromNow(leaseMs))
        .where(build.dynamic.ref(`job.${key}`), '=', due(also))

  return {
    key: table.claimed.key,
    async claim(db, leaseMs, also) {
      const rows = await run(db, table.claimed.claim(claiming(leaseMs, also)))
      return rows[0] && table.claimed.read(rows[0])
    },
    async release(db, claimed) {
      await run(
        db,
        update()
          .set({
            status: 'pending',
            attempts: sql<number>`GREATEST(attempts - 1, 0)`,
            next_attempt_at: sql`now()`,
          })
          .set(lease, null)
          .where(key, '=', table.claimed.key(claimed))
          .where('status', '=', 'sending'),
      )
    },
    async settle(db, claimed, status, outcome) {
      const query = update()
        .set({ status })
        .set(lease, null)
        .$if(status === 'sent', (sent) => sent.set({ sent_at: sql`now()` }))
        .$if(table.dueAtSettle === true, (settled) => settled.set({ next_attempt_at: sql`now()` }))
        .where(key, '=', table.claimed.key(claimed))
      await run(db, withOutcome(query, outcome))
    },
    async recordFailure(db, claimed, outcome, policy) {
      const final = claimed.attempts >= policy.maxAttempts
      const query = update()
        .set({
          status: final ? 'failed' : 'pending',
          next_attempt_at: fromNow(retryDelayMs(claimed.attempts, policy)),
        })
        .set(lease, null)
        .where(key, '=', table.claimed.key(claimed))
      await run(db, withOutcome(query, outcome))
      return final
    },
    async retryFailed(db, rowKey, ownerKey) {
      // now() of the database, as a claim compares next_attempt_at with it.
      const query = update()
        .set({ status: 'pending', next_attempt_at: sql`now()`, attempts: 0 })
        .set(lease, null)
        .where(key, '=', rowKey)
        .where('status', '=', 'failed')
      const rows = await run(
        db,
        (owner === undefined ? query : query.where(owner, '=', ownerKey ?? null)).returning(key),
      )
      return rows.length > 0
    },
    async discardUndelivered(db) {
      await run(
        db,
        update().set({ status: 'discarded' }).set(lease, null).where('status', 'in', ['pending', 'sending']),
      )
    },
  }
}
