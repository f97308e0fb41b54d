/**
 * What PostgreSQL's autovacuum does, done for the embedded database, which has none (PGlite runs
 * PostgreSQL in single-user mode: no background workers). Without it, two things go wrong over time:
 *
 * - Plans go stale. The planner sizes a table from its last ANALYZE (or VACUUM). A database made
 *   by the migrations has `leads` "known empty" (migration 009's VACUUM FULL), so the foreign-key
 *   checks of every insert into delivery_jobs and visitor_confirmations, planned once per
 *   connection, scan `leads` in full: storing a lead cost 0.6 ms at 2,700 leads and 1.5 ms at
 *   8,100, and kept growing (docs/bench/2026-11-25-table-maintenance.md). An ANALYZE replans them.
 * - Dead rows stay. Every status change, claim and sent mail leaves the old row version behind, and
 *   only VACUUM makes its space reusable.
 *
 * So a pass reads the statistics the database keeps per table and, with autovacuum's default
 * thresholds, analyzes the tables changed by more than 50 rows plus 10 % of their size, and
 * vacuums those with more than 50 plus 20 % of their size in dead rows (or, as autovacuum does
 * since PostgreSQL 13, 1,000 plus 20 % in rows inserted since the last vacuum). On PostgreSQL the
 * server leaves this to autovacuum.
 */
import type { Queryable } from './database.ts'

interface TableActivity {
  name: string
  live: number
  dead: number
  modified: number
  inserted: number
}

export interface MaintenanceResult {
  analyzed: string[]
  vacuumed: string[]
}

/** autovacuum_analyze_threshold / _scale_factor, autovacuum_vacuum_* and _insert_* defaults. */
const thresholds = {
  analyze: { base: 50, scale: 0.1 },
  vacuum: { base: 50, scale: 0.2 },
  insertVacuum: { base: 1000, scale: 0.2 },
}

const over = (count: number, live: number, { base, scale }: { base: number; scale: number }) =>
  count > base + scale * live

/** One pass: the tables that need it are vacuumed (which analyzes them too) or analyzed. */
export async function maintainTables(db: Queryable): Promise<MaintenanceResult> {
  // quote_ident: the names go into the statements below as identifiers.
  const tables = await db.query<TableActivity>(
    `SELECT quote_ident(relname) AS name, n_live_tup::float8 AS live, n_dead_tup::float8 AS dead,
            n_mod_since_analyze::float8 AS modified, n_ins_since_vacuum::float8 AS inserted
       FROM pg_stat_user_tables WHERE schemaname = 'public'`,
  )
  const result: MaintenanceResult = { analyzed: [], vacuumed: [] }
  for (const table of tables) {
    if (
      over(table.dead, table.live, thresholds.vacuum) ||
      over(table.inserted, table.live, thresholds.insertVacuum)
    ) {
      await db.exec(`VACUUM (ANALYZE) ${table.name}`)
      result.vacuumed.push(table.name)
    } else if (over(table.modified, table.live, thresholds.analyze)) {
      await db.exec(`ANALYZE ${table.name}`)
      result.analyzed.push(table.name)
    }
  }
  return result
}
