/**
 * `npm run db:types`: writes server/db/schema.ts, the tables' column types as the migrations make
 * them. It applies every migration to a new, empty PostgreSQL database (on PGHOST, default
 * 127.0.0.1:5432), lets kysely-codegen read the result, then drops that database. Queries built
 * with server/db/query-builder.ts take their row types from this file, so a migration that renames
 * or retypes a column fails the typecheck wherever a query still reads it the old way.
 * A text column whose CHECK constraint allows a list of words is typed as those words.
 * tests/server/db-schema.test.ts fails when the committed file is not what this writes.
 */
import { execFile, execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import type { Queryable } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'

export const schemaFile = path.join(import.meta.dirname, '..', 'server', 'db', 'schema.ts')

const host = process.env.PGHOST ?? '127.0.0.1'
const port = process.env.PGPORT ?? '5432'
const user = process.env.PGUSER ?? 'postgres'

function serverUrl(database: string): string {
  return `postgres://${encodeURIComponent(user)}@${host}:${port}/${database}`
}

async function onAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl('postgres'), password: process.env.PGPASSWORD })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/**
 * `table.column` -> a union of string literals, for each CHECK (column IN ('a', 'b', ...)) on one
 * column; with `| null` where the column may be null, and `Generated<>` where it has a default. The
 * generator alone would say `string`.
 */
async function wordColumns(db: Queryable): Promise<Record<string, string>> {
  const rows = await db.query<{ column: string; notNull: boolean; hasDefault: boolean; definition: string }>(
    `SELECT rel.relname || '.' || att.attname AS column, att.attnotnull AS "notNull",
            att.atthasdef AS "hasDefault", pg_get_constraintdef(con.oid) AS definition
       FROM pg_constraint con
       JOIN pg_class rel ON rel.oid = con.conrelid
       JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = con.conkey[1]
      WHERE con.contype = 'c' AND cardinality(con.conkey) = 1
      ORDER BY 1`,
  )
  const columns: Record<string, string> = {}
  for (const row of rows) {
    const list = /^CHECK \(\(\w+ = ANY \(ARRAY\[(.*)\]\)\)\)$/.exec(row.definition)?.[1]
    if (!list) continue
    const words = [...list.matchAll(/'([^']*)'::text/g)].map((match) => JSON.stringify(match[1]))
    const type = [...words, ...(row.notNull ? [] : ['null'])].join(' | ')
    // As the generator marks a column with a default: optional in an insert.
    columns[row.column] = row.hasDefault ? `Generated<${type}>` : type
  }
  return columns
}

/** Laid out as the repository's formatter lays out TypeScript, so `npm test`'s lint passes on it. */
function formatted(text: string): string {
  return execFileSync(
    path.join('node_modules', '.bin', 'biome'),
    ['format', `--stdin-file-path=${schemaFile}`],
    {
      input: text,
      encoding: 'utf8',
    },
  )
}

/** The text of server/db/schema.ts for the migrations in the checkout. */
export async function schemaText(): Promise<string> {
  const name = `db_types_${randomBytes(6).toString('hex')}`
  await onAdmin((client) => client.query(`CREATE DATABASE ${name}`))
  try {
    const db = await openPostgresDatabase(serverUrl(name))
    let overrides: { columns: Record<string, string> }
    try {
      await runMigrations(db)
      overrides = { columns: await wordColumns(db) }
    } finally {
      await db.close()
    }
    const { stdout } = await promisify(execFile)(
      path.join('node_modules', '.bin', 'kysely-codegen'),
      [
        '--dialect=postgres',
        `--url=${serverUrl(name)}`,
        '--exclude-pattern=schema_{migrations,functions}',
        `--overrides=${JSON.stringify(overrides)}`,
        '--print',
        '--log-level=error',
      ],
      { env: { ...process.env, PGPASSWORD: process.env.PGPASSWORD ?? '' } },
    )
    return formatted(
      `/**\n * Written by \`npm run db:types\` from the migrations (scripts/db-types.ts): do not edit.\n */\n${stdout.trimStart()}`,
    )
  } finally {
    await onAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))
  }
}

if (import.meta.main) {
  await writeFile(schemaFile, await schemaText())
  console.log(`db:types: wrote ${path.relative(process.cwd(), schemaFile)}`)
}
