import type { FastifyInstance, InjectOptions } from 'fastify'
import { beforeEach } from 'vitest'
import { type AppOptions, buildApp } from '#server/app.ts'
import type { Database, DriverName } from '#server/db/database.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import { answerProblem, requestLine } from './answer-check.ts'
import { readThrough, useFixture } from './fixture.ts'
import { openTestDatabase, testEncryptionKey } from './test-database.ts'

/**
 * The tests' scrypt cost: about 3 ms a hash instead of production's 250 ms or more. Tests about the
 * hash or the sign-in pool under attack pass `defaultPasswordCost` instead.
 */
export const testPasswordCost: PasswordCost = { N: 2 ** 10, r: 8, p: 1 }

/** The app's salt in tests: it keys the IP hashes and the API tokens' digests (server/staff/api-tokens.ts). */
export const testIpHashSalt = 'test-app-ip-hash-salt-0123456789'

/**
 * What every inject test gives the app: the test key, no submission limit, a salt of its own, the
 * cheap password cost.
 */
export function testAppOptions(db: Database, options: Partial<AppOptions> = {}): AppOptions {
  return {
    db,
    ipHashSalt: testIpHashSalt,
    encryptionKey: testEncryptionKey,
    submitRateLimit: false,
    passwordCost: testPasswordCost,
    ...options,
  }
}

export interface TestApp {
  db: Database
  app: FastifyInstance
  /** Where the database lives: the PGlite directory or the PostgreSQL URL (to open it a second time). */
  location: string
  /** Closes the app, then closes and deletes its database. */
  close(): Promise<void>
}

/** The whole app, not listening (tests call `app.inject`), on a fresh migrated database of the driver. */
export async function openTestApp(driver: DriverName, options: Partial<AppOptions> = {}): Promise<TestApp> {
  const test = await openTestDatabase(driver)
  const app = await buildApp(testAppOptions(test.db, options))
  // Every answer of the staff API and the forms' JSON posts is held to the OpenAPI document (answer-check.ts).
  const inject = app.inject.bind(app)
  Object.assign(app, {
    async inject(request: InjectOptions | string) {
      const response = await inject(request)
      const { method, url, type } = requestLine(request)
      const problem = await answerProblem(method, url, response, type)
      if (problem) throw new Error(`The answer breaks the OpenAPI document: ${problem}`)
      return response
    },
  })
  return {
    db: test.db,
    app,
    location: test.location,
    async close() {
      await app.close()
      await test.dispose()
    },
  }
}

/**
 * One app for the tests of a describe block: opened before them (beforeAll), closed after them
 * (afterAll); its `db`, `app` and `location` are read inside hooks and tests. `truncate` lists the
 * tables emptied before each test ('leads, staff_users'; CASCADE); a block's own beforeEach,
 * registered after this call, runs after the tables are empty. Options are read once, when the app
 * opens: clocks are given as functions (`now: () => clock`).
 */
export function useTestApp(
  driver: DriverName,
  options: Partial<AppOptions> = {},
  { truncate }: { truncate?: string } = {},
): Pick<TestApp, 'db' | 'app' | 'location'> {
  const opened = useFixture(
    'the test app',
    () => openTestApp(driver, options),
    (app) => app.close(),
  )
  if (truncate) {
    beforeEach(async () => {
      await opened().db.query(`TRUNCATE ${truncate} CASCADE`)
    })
  }
  return readThrough(opened, ['db', 'app', 'location'])
}
