/**
 * Which key a database's SSN and EIN are encrypted under (LEAD_ENCRYPTION_KEY, or the development
 * key made under DATA_DIR): a keyed check value of the key (an HMAC of a fixed text under it), kept
 * in the database (migration 027) and so in every backup of it. It tells whether two keys are the
 * same and nothing else: the key cannot be found from it. The server records it at its first start
 * and refuses to start under another key; `npm run restore` refuses a backup whose value is not
 * the data folder's key's (docs/decisions/037-encryption-key-check.md).
 */
import { createHmac } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'

/** The check value of an encryption key. */
export function keyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update('agency lead encryption key check').digest('hex')
}

/** The check value a database holds; undefined when it holds none (no server started on it yet). */
async function storedKeyCheck(db: Queryable): Promise<string | undefined> {
  const [row] = await run(db, build.selectFrom('encryption_key_check').select('check_value'))
  return row?.check_value
}

/**
 * Records the key's check value unless the database holds one; 'different' when the one it holds
 * is another key's (its SSN and EIN would not decrypt under this key).
 */
export async function recordKeyCheck(db: Queryable, key: Buffer): Promise<'same' | 'different'> {
  const value = keyCheckValue(key)
  await run(
    db,
    build
      .insertInto('encryption_key_check')
      .values({ check_value: value })
      .onConflict((conflict) => conflict.column('only_row').doNothing()),
  )
  return (await storedKeyCheck(db)) === value ? 'same' : 'different'
}

/** What an operator reads when a key is refused: which key and where to set it. */
export function otherKeyReason(what: string): string {
  return `${what} was encrypted under another key than this server's (LEAD_ENCRYPTION_KEY, or DATA_DIR/lead-encryption-key when it is unset): its SSN and EIN would be unreadable. Set LEAD_ENCRYPTION_KEY to the key the data was written with (or put that key's lead-encryption-key file in DATA_DIR)`
}
