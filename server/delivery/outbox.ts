/**
 * The one implementation of the outbox tables the delivery worker sends from (decision 003): the
 * agency's notifications, the visitors' confirmations, the assignment e-mails and the webhook
 * deliveries. Every such table has `status`, `attempts`, `next_attempt_at`, a lease column and
 * `sent_at`; what differs (its name, key, lease column, which rows may be claimed, what a claim
 * returns, what an outcome records) is told by an `OutboxTable`, a constant in the module that owns
 * the table. Its names go into the SQL as they are, so they are only ever literals in code.
 *
 * A claim takes the row due first with FOR UPDATE SKIP LOCKED, so several server processes never
 * take the same one, and counts an attempt; it is a lease: a row left 'sending' (its process died
 * mid-send) is due again once the lease has run out.
 */
import type { Queryable } from '../db/database.ts'

/**
 * One outbox table. In the SQL fragments the claimed row is `job` and, in `due`, the candidate
 * row is `due`.
 */
interface OutboxTable<Claimed extends { attempts: number }, Field extends string, Row> {
  table: string
  /** The key an outcome or a release names a row by. */
  key: string
  /** The column holding the end of a claim's lease. */
  lease: string
  /** Besides being due: what a row must also meet to be claimed, and the joins that needs. */
  due?: { join?: string; where: string }
  /**
   * What a claim answers: the tables joined to the claimed row (`from`, with the `where` that
   * joins them), the RETURNING list, how its row becomes `Claimed`, and where that keeps the key.
   */
  claimed: {
    from?: string
    where?: string
    returning: string
    read(row: Row): Claimed
    key(claimed: Claimed): string
  }
  /** The columns an outcome writes besides status and times, by the outcome's field. */
  outcome: Readonly<Record<Field, string>>
  /**
   * Whether a row sent or skipped also has next_attempt_at set to that moment (the tables of
   * migrations 014 and 017 always did; the older ones keep the time of the last attempt).
   */
  dueAtSettle?: boolean
  /**
   * A column the desk's retry checks besides the key (the lead a job belongs to, so a job's id
   * under another lead's address retries nothing).
   */
  owner?: string
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

/** now() plus a parameter's milliseconds. */
const fromNow = (param: string) => `now() + (${param}::int * interval '1 millisecond')`

/** What an outcome records besides status and times (an error, a receiver's answer). */
type Outcome<Field extends string> = Readonly<Record<Field, string | number | null>>

export interface Outbox<Claimed extends { attempts: number }, Field extends string> {
  /** The claimed row's key. */
  key(claimed: Claimed): string
  /** Claims the row due first for `leaseMs` and counts an attempt. */
  claim(db: Queryable, leaseMs: number): Promise<Claimed | undefined>
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

export function outbox<Claimed extends { attempts: number }, Field extends string, Row>(
  table: OutboxTable<Claimed, Field, Row>,
): Outbox<Claimed, Field> {
  const { table: name, key, lease } = table
  const fields = Object.keys(table.outcome) as Field[]
  const outcomeSet = (first: number) =>
    fields.map((field, i) => `, ${table.outcome[field]} = $${first + i}`).join('')
  const outcomeValues = (outcome: Outcome<Field>) => fields.map((field) => outcome[field])

  const joined = table.claimed.from ? `FROM ${table.claimed.from} WHERE ${table.claimed.where} AND` : 'WHERE'
  const claimSql = `UPDATE ${name} AS job
        SET status = 'sending', attempts = job.attempts + 1, ${lease} = ${fromNow('$1')}
      ${joined} job.${key} = (
        SELECT due.${key} FROM ${name} due ${table.due?.join ?? ''}
         WHERE ((due.status = 'pending' AND due.next_attempt_at <= now())
                OR (due.status = 'sending' AND due.${lease} < now()))
           ${table.due ? `AND ${table.due.where}` : ''}
         ORDER BY due.next_attempt_at
         LIMIT 1
         FOR UPDATE OF due SKIP LOCKED)
      RETURNING ${table.claimed.returning}`

  const settleSql = `UPDATE ${name}
        SET status = $2::text, ${lease} = NULL,
            sent_at = CASE WHEN $2::text = 'sent' THEN now() ELSE sent_at END${
              table.dueAtSettle ? ', next_attempt_at = now()' : ''
            }${outcomeSet(3)}
      WHERE ${key} = $1`

  const failureSql = `UPDATE ${name}
        SET status = $2::text, ${lease} = NULL, next_attempt_at = ${fromNow('$3')}${outcomeSet(4)}
      WHERE ${key} = $1`

  const releaseSql = `UPDATE ${name}
        SET status = 'pending', attempts = GREATEST(attempts - 1, 0), ${lease} = NULL, next_attempt_at = now()
      WHERE ${key} = $1 AND status = 'sending'`

  // now() of the database, as a claim compares next_attempt_at with it.
  const retrySql = `UPDATE ${name} SET status = 'pending', next_attempt_at = now(), attempts = 0, ${lease} = NULL
      WHERE ${key} = $1 AND status = 'failed' ${table.owner ? `AND ${table.owner} = $2` : ''}
      RETURNING ${key}`

  const discardSql = `UPDATE ${name} SET status = 'discarded', ${lease} = NULL
      WHERE status IN ('pending', 'sending')`

  return {
    key: table.claimed.key,
    async claim(db, leaseMs) {
      const rows = await db.query<Row>(claimSql, [leaseMs])
      return rows[0] && table.claimed.read(rows[0])
    },
    async release(db, claimed) {
      await db.query(releaseSql, [table.claimed.key(claimed)])
    },
    async settle(db, claimed, status, outcome) {
      await db.query(settleSql, [table.claimed.key(claimed), status, ...outcomeValues(outcome)])
    },
    async recordFailure(db, claimed, outcome, policy) {
      const final = claimed.attempts >= policy.maxAttempts
      await db.query(failureSql, [
        table.claimed.key(claimed),
        final ? 'failed' : 'pending',
        retryDelayMs(claimed.attempts, policy),
        ...outcomeValues(outcome),
      ])
      return final
    },
    async retryFailed(db, rowKey, owner) {
      const rows = await db.query(retrySql, table.owner ? [rowKey, owner ?? null] : [rowKey])
      return rows.length > 0
    },
    async discardUndelivered(db) {
      await db.query(discardSql)
    },
  }
}
