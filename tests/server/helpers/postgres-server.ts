import { randomBytes } from 'node:crypto'
import pg from 'pg'

/** The test PostgreSQL server (DESIGN: trust auth on 127.0.0.1:5432); PGHOST/PGPORT override. */
const host = process.env.PGHOST ?? '127.0.0.1'
const port = Number(process.env.PGPORT ?? 5432)
const adminDatabases = ['postgres', 'test', 'root']

let adminUrl: Promise<string> | undefined

/** The first user/database pair that connects: PGUSER when set, otherwise postgres, then root. */
function findAdminUrl(): Promise<string> {
  adminUrl ??= (async () => {
    const users = process.env.PGUSER ? [process.env.PGUSER] : ['postgres', 'root']
    const failures: string[] = []
    for (const user of users) {
      for (const database of adminDatabases) {
        const url = `postgres://${encodeURIComponent(user)}@${host}:${port}/${database}`
        const client = new pg.Client({ connectionString: url, password: process.env.PGPASSWORD })
        try {
          await client.connect()
          await client.query('SELECT 1')
          return url
        } catch (error) {
          failures.push(`${user}@${database}: ${(error as Error).message}`)
        } finally {
          await client.end().catch(() => {})
        }
      }
    }
    throw new Error(`No PostgreSQL at ${host}:${port} accepted a test user:\n${failures.join('\n')}`)
  })()
  return adminUrl
}

async function withAdminClient<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: await findAdminUrl(), password: process.env.PGPASSWORD })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

export interface ScratchDatabase {
  url: string
  drop(): Promise<void>
}

/**
 * A new database with a random name: empty, or a copy of `template` (a database nobody is connected
 * to, e.g. the run's migrated one: tests/server/helpers/global-setup.ts). drop() removes it,
 * closing leftover connections.
 */
export async function createScratchDatabase({
  template,
}: {
  template?: string
} = {}): Promise<ScratchDatabase> {
  const name = `agency_test_${randomBytes(6).toString('hex')}`
  await withAdminClient((client) =>
    client.query(
      template ? `CREATE DATABASE ${name} TEMPLATE ${quoteName(template)}` : `CREATE DATABASE ${name}`,
    ),
  )
  const url = new URL(await findAdminUrl())
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(
        () => {},
      ),
  }
}

/** A database name as an SQL identifier. */
function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}
