import type { FastifyInstance } from 'fastify'
import { type AppOptions, buildApp } from '../../../server/app.ts'
import type { Database, DriverName } from '../../../server/db/database.ts'
import { openTestDatabase, testEncryptionKey } from './test-database.ts'

/** What every inject test gives the app: the test key, no submission limit, a salt of its own. */
export function testAppOptions(db: Database, options: Partial<AppOptions> = {}): AppOptions {
  return {
    db,
    ipHashSalt: 'test-app-ip-hash-salt-0123456789',
    encryptionKey: testEncryptionKey,
    submitRateLimit: false,
    ...options,
  }
}

export interface TestApp {
  db: Database
  app: FastifyInstance
  /** Closes the app, then closes and deletes its database. */
  close(): Promise<void>
}

/** The whole app, not listening (tests call `app.inject`), on a fresh migrated database of the driver. */
export async function openTestApp(driver: DriverName, options: Partial<AppOptions> = {}): Promise<TestApp> {
  const test = await openTestDatabase(driver)
  const app = await buildApp(testAppOptions(test.db, options))
  return {
    db: test.db,
    app,
    async close() {
      await app.close()
      await test.dispose()
    },
  }
}
