/**
 * Results shown once after a POST, for Post/Redirect/Get: a generated password, new recovery codes,
 * the sensitive field just revealed, a new webhook destination's signing secret. The POST stores
 * one here, bound to its session, and answers 303 to a page that names the row's id (never the
 * value); that page's GET takes the row, deleting it, so a refresh shows the value no more and
 * posts nothing again. Rows live minutes, a few per session, and are encrypted with
 * LEAD_ENCRYPTION_KEY: a backup taken meanwhile holds nothing readable. Several server processes
 * share them through the database.
 */
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import { decryptValue, encryptValue } from '../security/sensitive-fields.ts'

export type FlashKind = 'password' | 'recovery-codes' | 'reveal' | 'webhook-secret' | 'api-token'

/** Long enough for the redirect to be followed on a slow phone; short for anything left behind. */
const flashLifetimeMs = 5 * 60_000
/** A session keeps its newest few: a script posting in a loop cannot grow the table. */
const flashesPerSession = 5

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export async function putFlash(
  db: Queryable,
  session: { tokenHash: string },
  kind: FlashKind,
  value: unknown,
  now: Date,
  key: Buffer,
): Promise<string> {
  await run(db, build.deleteFrom('staff_flashes').where('expires_at', '<=', now))
  const [row] = await run(
    db,
    build
      .insertInto('staff_flashes')
      .values({
        session_token_hash: session.tokenHash,
        kind,
        payload: encryptValue(JSON.stringify(value), key),
        expires_at: new Date(now.getTime() + flashLifetimeMs),
      })
      .returning('id'),
  )
  await run(
    db,
    build
      .deleteFrom('staff_flashes')
      .where('session_token_hash', '=', session.tokenHash)
      .where('id', 'not in', (newest) =>
        newest
          .selectFrom('staff_flashes')
          .select('id')
          .where('session_token_hash', '=', session.tokenHash)
          .orderBy('expires_at', 'desc')
          .limit(flashesPerSession),
      ),
  )
  if (!row) throw new Error('the flash was not stored')
  return row.id
}

/**
 * The flash's value, once: the row is deleted as it is read. undefined when the id is unknown,
 * taken already, expired, of another kind or another session's.
 */
export async function takeFlash<T>(
  db: Queryable,
  session: { tokenHash: string },
  kind: FlashKind,
  id: unknown,
  now: Date,
  key: Buffer,
): Promise<T | undefined> {
  if (typeof id !== 'string' || !uuidPattern.test(id)) return undefined
  const [row] = await run(
    db,
    build
      .deleteFrom('staff_flashes')
      .where('id', '=', id)
      .where('session_token_hash', '=', session.tokenHash)
      .where('kind', '=', kind)
      .where('expires_at', '>', now)
      .returning('payload'),
  )
  if (!row) return undefined
  return JSON.parse(decryptValue(row.payload, key)) as T
}
