import pg from 'pg'
import type { Database } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'

/** The end-to-end server stores leads in this PostgreSQL database, which the tests read back. */
export const e2eDatabaseName = `agency_e2e_${process.env.E2E_PORT ?? 3107}`

export function adminConnectionString(database = 'postgres'): string {
  const user = process.env.PGUSER ?? 'postgres'
  return `postgres://${user}@127.0.0.1:5432/${database}`
}

export async function withE2eDatabase<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminConnectionString(e2eDatabaseName) })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * The end-to-end database as the server opens it, for the test kit's factories (tests/kit: a lead
 * stored through the lead repository, as a visitor's is).
 */
export async function withE2eStore<T>(fn: (db: Database) => Promise<T>): Promise<T> {
  const db = await openPostgresDatabase(adminConnectionString(e2eDatabaseName))
  try {
    return await fn(db)
  } finally {
    await db.close()
  }
}

/**
 * Playwright's global teardown (playwright.config.ts): the run leaves no database behind. The
 * server may still hold connections (Playwright stops it after this), so they are closed by force.
 */
export default async function dropE2eDatabase(): Promise<void> {
  const admin = new pg.Client({ connectionString: adminConnectionString() })
  await admin.connect()
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${e2eDatabaseName} WITH (FORCE)`)
  } finally {
    await admin.end()
  }
}
