import type { FastifyInstance } from 'fastify'
import { type AppOptions, buildApp } from '#server/app.ts'
import type { Database, DriverName } from '#server/db/database.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import { openTestDatabase, testEncryptionKey } from './test-database.ts'

/**
 * The tests' scrypt cost: about 3 ms a hash instead of production's 250 ms or more. Tests about the
 * hash or the sign-in pool under attack pass `defaultPasswordCost` instead.
 */
export const testPasswordCost: PasswordCost = { N: 2 ** 10, r: 8, p: 1 }

/**
 * What every inject test gives the app: the test key, no submission limit, a salt of its own, the
 * cheap password cost.
 */
export function testAppOptions(db: Database, options: Partial<AppOptions> = {}): AppOptions {
  return {
    db,
    ipHashSalt: 'test-app-ip-hash-salt-0123456789',
    encryptionKey: testEncryptionKey,
    submitRateLimit: false,
    passwordCost: testPasswordCost,
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
