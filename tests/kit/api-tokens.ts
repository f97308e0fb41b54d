/**
 * API tokens for tests, made by the tokens module (server/staff/api-tokens.ts) as the owner's page
 * makes them: the token comes back once, its digest is stored keyed by the app's salt (the tests'
 * unless a test's app has its own).
 */
import type { Queryable } from '#server/db/database.ts'
import { type ApiTokenScope, createApiToken } from '#server/staff/api-tokens.ts'
import { testIpHashSalt } from '#tests/server/helpers/test-app.ts'

export interface TestApiToken {
  id: string
  token: string
  /** The Authorization header that presents it. */
  authorization: string
}

export async function makeApiToken(
  db: Queryable,
  {
    name = 'crm',
    scopes = ['leads:read'],
    expiresAt = null,
    now = new Date(),
    salt = testIpHashSalt,
  }: { name?: string; scopes?: ApiTokenScope[]; expiresAt?: Date | null; now?: Date; salt?: string } = {},
): Promise<TestApiToken> {
  const made = await createApiToken(db, { name, scopes, expiresAt, createdBy: 'test', now }, salt)
  return { ...made, authorization: `Bearer ${made.token}` }
}
