import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import type { Database, DriverName } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { readThrough, useFixture } from './fixture.ts'
import { createScratchDatabase } from './postgres-server.ts'

/**
 * Which database driver a test file runs on. Both (`drivers`) where the database is what is
 * tested: storage and its queries (store_leads, group commit, the outbox), migrations, backup and
 * restore, durability, concurrency (two owners at once, jobs claimed by several workers), what a
 * copy of the database gives away. One (`featureDrivers`: PGlite, the embedded database a server
 * runs by default) for a feature that goes through the database without being about it: pages,
 * forms, mails, the desk, webhooks, sign-in. The browser tests run against PostgreSQL.
 */
export const drivers: DriverName[] = ['pglite', 'postgres']
export const featureDrivers: DriverName[] = ['pglite']

export interface TestDatabase {
  db: Database
  /** Where it lives: the PGlite directory or the PostgreSQL URL (to open it a second time). */
  location: string
  /** Closes the database and deletes it. */
  dispose(): Promise<void>
}

/**
 * The run's migrated databases (tests/server/helpers/global-setup.ts); none outside a Vitest run
 * (the benchmarks use these helpers too), where each database is migrated itself.
 */
function migratedTemplate(driver: DriverName): string | undefined {
  try {
    return inject(driver === 'pglite' ? 'pgliteTemplate' : 'postgresTemplate')
  } catch {
    return undefined
  }
}

/**
 * A fresh database of the given driver, empty, and migrated unless told otherwise: a copy of the
 * run's migrated template (a PGlite folder, a PostgreSQL TEMPLATE), or migrated here without one.
 */
export async function openTestDatabase(driver: DriverName, { migrate = true } = {}): Promise<TestDatabase> {
  const template = migrate ? migratedTemplate(driver) : undefined
  if (driver === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'agency-pglite-'))
    const db = await openPgliteDatabase(dir, { template })
    if (migrate && !template) await runMigrations(db)
    return {
      db,
      location: dir,
      async dispose() {
        await db.close().catch(() => {})
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
  const scratch = await createScratchDatabase({ template })
  const db = await openPostgresDatabase(scratch.url)
  if (migrate && !template) await runMigrations(db)
  return {
    db,
    location: scratch.url,
    async dispose() {
      await db.close().catch(() => {})
      await scratch.drop()
    },
  }
}

/**
 * One database for the tests of a describe block: opened before them (beforeAll), closed and deleted
 * after them (afterAll). Its `db` and `location` are read inside hooks and tests.
 */
export function useTestDatabase(
  driver: DriverName,
  { migrate = true } = {},
): Pick<TestDatabase, 'db' | 'location'> {
  const opened = useFixture(
    'the test database',
    () => openTestDatabase(driver, { migrate }),
    (test) => test.dispose(),
  )
  return readThrough(opened, ['db', 'location'])
}

/** A fixed AES-256 key for tests (the server reads LEAD_ENCRYPTION_KEY or makes one under DATA_DIR). */
export const testEncryptionKey = Buffer.alloc(32, 7)
