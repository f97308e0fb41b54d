import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Database, DriverName } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { readThrough, useFixture } from './fixture.ts'
import { createScratchDatabase } from './postgres-server.ts'

export const drivers: DriverName[] = ['pglite', 'postgres']

export interface TestDatabase {
  db: Database
  /** Where it lives: the PGlite directory or the PostgreSQL URL (to open it a second time). */
  location: string
  /** Closes the database and deletes it. */
  dispose(): Promise<void>
}

/** A fresh, empty database of the given driver; migrated unless told otherwise. */
export async function openTestDatabase(driver: DriverName, { migrate = true } = {}): Promise<TestDatabase> {
  if (driver === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'agency-pglite-'))
    const db = await openPgliteDatabase(dir)
    if (migrate) await runMigrations(db)
    return {
      db,
      location: dir,
      async dispose() {
        await db.close().catch(() => {})
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
  const scratch = await createScratchDatabase()
  const db = await openPostgresDatabase(scratch.url)
  if (migrate) await runMigrations(db)
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
