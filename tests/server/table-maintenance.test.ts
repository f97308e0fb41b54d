/**
 * The embedded database's maintenance (server/db/table-maintenance.ts), which stands in for the
 * autovacuum PGlite does not have: after a burst of leads the tables' statistics are brought up to
 * date (so the planner stops treating a grown `leads` as empty), dead row versions left by status
 * changes are vacuumed away, and a pass with nothing to do does nothing. PGlite only: on
 * PostgreSQL autovacuum does this work, and the server runs no pass there.
 */
import { describe, expect, it } from 'vitest'
import { maintainTables } from '#server/db/table-maintenance.ts'
import { createLeadRepository } from '#server/leads/lead-repository.ts'
import { newLead } from '#tests/kit/leads.ts'
import { useTestDatabase } from './helpers/test-database.ts'

/** The n-th lead of the upkeep's load, each with hashes of its own. */
function upkeepLead(n: number) {
  return newLead({
    fields: { firstName: `Person${n}`, lastName: 'Upkeep', email: `u${n}@example.com` },
    userAgent: 'test',
    ipHash: `ip-${n}`,
    idempotencyKey: `upkeep-${n}`,
    bodyHash: `body-${n}`,
    textHash: `text-${n}`,
  })
}

describe('table maintenance on pglite', () => {
  const test = useTestDatabase('pglite')

  /** What the planner believes about `leads`: its row count as of the last ANALYZE or VACUUM. */
  async function plannedRows(): Promise<number> {
    const [row] = await test.db.query<{ reltuples: number }>(
      `SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'leads'`,
    )
    return row?.reltuples ?? Number.NaN
  }

  /**
   * The database reports its counters to the statistics views at most once a second, after a
   * statement; this makes the next report happen now (after this statement).
   */
  const statisticsReported = () => test.db.query('SELECT pg_stat_force_next_flush()')

  it('brings the statistics of a grown table up to date, then rests', async () => {
    // The migrations leave `leads` known empty (migration 009 rewrites it).
    expect(await plannedRows()).toBe(0)
    const repository = createLeadRepository(test.db)
    for (let n = 0; n < 400; n += 50)
      await Promise.all(Array.from({ length: 50 }, (_, i) => repository.insertLead(upkeepLead(n + i))))
    await statisticsReported()

    const first = await maintainTables(test.db)
    expect([...first.analyzed, ...first.vacuumed]).toContain('leads')
    expect([...first.analyzed, ...first.vacuumed]).toContain('delivery_jobs')
    expect(await plannedRows()).toBe(400)

    await statisticsReported()
    expect(await maintainTables(test.db)).toEqual({ analyzed: [], vacuumed: [] })
  })

  it('vacuums the dead row versions status changes leave', async () => {
    await test.db.query(`UPDATE leads SET status = 'contacted' WHERE reference IS NOT NULL`)
    await statisticsReported()
    const dead = async () =>
      (
        await test.db.query<{ dead: number }>(
          `SELECT n_dead_tup::float8 AS dead FROM pg_stat_user_tables WHERE relname = 'leads'`,
        )
      )[0]?.dead
    expect(await dead()).toBe(400)

    const pass = await maintainTables(test.db)
    expect(pass.vacuumed).toContain('leads')
    await statisticsReported()
    expect(await dead()).toBe(0)
  })
})
