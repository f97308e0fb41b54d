/**
 * The sign-in lockout against running servers: two processes of `node server/main.ts` share one
 * PostgreSQL database, and 100 sign-in attempts at one account really go out in parallel, split
 * across both. The limit (5 per account) must hold across requests and processes.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgresDatabase } from '../../server/db/postgres-database.ts'
import { hashPassword } from '../../server/staff/password-hash.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts'

const email = 'desk@oakridge-insurance.example'
const password = 'a long staff password 42'

describe('sign-in lockout across two running servers on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    scratch = await createScratchDatabase()
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-burst-'))
    const env = (name: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dataDir, name),
      IP_HASH_SALT: 'burst-tests-salt-0123456789',
      LEAD_ENCRYPTION_KEY: 'cd'.repeat(32),
    })
    // One after the other: the first runs the migrations.
    servers.push(await startServerProcess({ env: env('a') }))
    servers.push(await startServerProcess({ env: env('b') }))
    const db = await openPostgresDatabase(scratch.url)
    try {
      await db.query('INSERT INTO staff_users (email, password_hash) VALUES ($1, $2)', [
        email,
        await hashPassword(password),
      ])
    } finally {
      await db.close()
    }
  }, 60_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  function attempt(server: ServerProcess, guess: string): Promise<number> {
    return fetch(`${server.url}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email, password: guess }).toString(),
    }).then(async (response) => {
      await response.arrayBuffer()
      return response.status
    })
  }

  it('lets at most 5 of 100 parallel attempts through, then refuses the right password', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        attempt(servers[index % 2] as ServerProcess, index === 99 ? password : `wrong guess ${index}`),
      ),
    )
    const checked = statuses.filter((status) => status !== 429)
    const byStatus = Object.entries(
      statuses.reduce<Record<number, number>>((counts, status) => {
        counts[status] = (counts[status] ?? 0) + 1
        return counts
      }, {}),
    )
    console.log(
      `sign-in burst: ${checked.length} of 100 parallel attempts reached the password check (limit 5); statuses ${JSON.stringify(byStatus)}`,
    )
    // Every attempt is answered as a sign-in (refused, wrong, signed in), never with a server error.
    expect(byStatus.filter(([status]) => !['429', '401', '303'].includes(status))).toEqual([])
    expect(checked.length).toBeLessThanOrEqual(5)
    for (const server of servers) expect(await attempt(server, password)).toBe(429)
  }, 60_000)
})
