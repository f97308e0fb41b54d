/**
 * server/db/schema.ts gives every built query (server/db/query-builder.ts) the type of its rows. It
 * is generated from the migrations; a migration committed without `npm run db:types` would leave
 * the queries typed against tables that no longer look that way.
 */
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { schemaFile, schemaText } from '#scripts/db-types.ts'

describe('the committed server/db/schema.ts', () => {
  let generated: string
  beforeAll(async () => {
    generated = await schemaText()
  })

  it('is what `npm run db:types` writes from the migrations today', async () => {
    expect(await readFile(schemaFile, 'utf8')).toBe(generated)
  })

  it('types a text column kept to a list of words by its CHECK as those words', () => {
    // role has a default: an insert may leave it out.
    expect(generated).toMatch(/ role: Generated<'owner' \| 'staff'>$/m)
    expect(generated).toMatch(/ channel: 'call' \| 'email' \| 'text' \| null$/m)
  })
})
