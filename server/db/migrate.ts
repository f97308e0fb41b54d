import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from './database.ts'

export const migrationsDir = path.join(import.meta.dirname, 'migrations')

/** The live definitions of the database's functions and triggers, applied after the migrations. */
const functionsFile = path.join(import.meta.dirname, 'functions.sql')

/** Any constant shared by every process of this application; names the advisory lock. */
const migrationLockId = 7_201_452_031

const migrationFileName = /^\d{3}-[a-z0-9-]+\.sql$/

/**
 * A migration may end with statements that cannot run inside a transaction (VACUUM): those after
 * this line run once its transaction has committed, in the same process.
 */
const afterCommitMarker = /^-- After commit:$/m

/** A migration's SQL split at the marker: what runs in the transaction, and what after it. */
function splitMigration(sql: string): { inTransaction: string; afterCommit: string } {
  const match = afterCommitMarker.exec(sql)
  if (!match) return { inTransaction: sql, afterCommit: '' }
  return { inTransaction: sql.slice(0, match.index), afterCommit: sql.slice(match.index + match[0].length) }
}

/**
 * Applies the SQL files in `dir` (NNN-name.sql) that schema_migrations does not list yet, in name
 * order, then functions.sql when its text is not the one last applied (schema_functions keeps its
 * SHA-256), all in one transaction: a failing migration leaves the schema as it was. The advisory
 * lock makes a second process starting at the same moment wait, then find nothing left to do.
 * Then the after-commit part of each migration applied (see afterCommitMarker) runs, in order.
 * Returns the names of the migrations applied now. docs/decisions/036-storing-a-lead.md
 */
export async function runMigrations(db: Database, dir: string = migrationsDir): Promise<string[]> {
  const files = (await readdir(dir)).filter((name) => migrationFileName.test(name)).sort()
  const functions = await readFile(functionsFile, 'utf8')
  const functionsDigest = createHash('sha256').update(functions).digest('hex')
  const afterCommit: string[] = []
  const applied = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [migrationLockId])
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const rows = await tx.query<{ name: string }>('SELECT name FROM schema_migrations')
    const applied = new Set(rows.map((row) => row.name))
    const pending = files.filter((name) => !applied.has(name))
    for (const name of pending) {
      const sql = splitMigration(await readFile(path.join(dir, name), 'utf8'))
      await tx.exec(sql.inTransaction)
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name])
      if (sql.afterCommit.trim() !== '') afterCommit.push(sql.afterCommit)
    }
    await tx.exec(`CREATE TABLE IF NOT EXISTS schema_functions (
      file text PRIMARY KEY,
      digest text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`)
    const [current] = await tx.query<{ digest: string }>(
      `SELECT digest FROM schema_functions WHERE file = 'functions.sql'`,
    )
    if (current?.digest !== functionsDigest) {
      await tx.exec(functions)
      await tx.query(
        `INSERT INTO schema_functions (file, digest) VALUES ('functions.sql', $1)
         ON CONFLICT (file) DO UPDATE SET digest = EXCLUDED.digest, applied_at = now()`,
        [functionsDigest],
      )
    }
    return pending
  })
  for (const sql of afterCommit) await db.exec(sql)
  return applied
}
