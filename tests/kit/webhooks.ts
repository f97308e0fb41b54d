/**
 * Webhook destinations for tests, added by the destinations module (server/webhooks/destinations.ts)
 * as the owner's page adds them: the secret stored under the app's encryption key (the tests' by
 * default), every form and line, no sensitive fields unless asked.
 */
import type { Queryable } from '#server/db/database.ts'
import { addDestination, generateWebhookSecret, type NewDestination } from '#server/webhooks/destinations.ts'
import { testEncryptionKey } from '#tests/server/helpers/test-database.ts'

export interface TestDestination {
  id: string
  url: string
  /** The secret the receiver checks the signature with. */
  secret: string
}

export async function makeDestination(
  db: Queryable,
  url: string,
  overrides: Partial<Omit<NewDestination, 'url'>> & { key?: Buffer } = {},
): Promise<TestDestination> {
  const { key = testEncryptionKey, ...rest } = overrides
  const destination: NewDestination = {
    url,
    secret: generateWebhookSecret(),
    formKeys: [],
    lines: [],
    sendSensitive: false,
    createdBy: 'owner@oakridge-insurance.example',
    ...rest,
  }
  const id = await addDestination(db, destination, key)
  return { id, url, secret: destination.secret }
}
