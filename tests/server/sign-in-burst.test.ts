/**
 * The sign-in lockout against running servers: two processes of `node server/main.ts` share one
 * PostgreSQL database, and 100 sign-in attempts at one account from one address really go out in
 * parallel, split across both. The limit (5 per account and address) must hold across requests and
 * processes. Both servers trust one proxy, so each request names its client in X-Forwarded-For.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { addStaffAt } from '#tests/kit/staff.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { type ServerProcess, startServerProcess } from './helpers/server-process.ts'

const email = 'desk@oakridge-insurance.example'
const password = 'a long staff password 42'

describe('sign-in lockout across two running servers on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    // A copy of the run's migrated database: the servers' first start is not what is tested here.
    scratch = await createScratchDatabase({ template: inject('postgresTemplate') })
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-burst-'))
    const env = (name: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dataDir, name),
      IP_HASH_SALT: 'burst-tests-salt-0123456789',
      LEAD_ENCRYPTION_KEY: 'cd'.repeat(32),
      TRUST_PROXY: '1',
    })
    // One after the other: the first writes the database's key check.
    servers.push(await startServerProcess({ env: env('a') }))
    servers.push(await startServerProcess({ env: env('b') }))
    await addStaffAt(scratch.url, email, password)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  const burstAddress = '198.51.100.9'
  const usualAddress = '203.0.113.7'

  function attempt(server: ServerProcess, guess: string, from = burstAddress): Promise<number> {
    return fetch(`${server.url}/admin/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        origin: server.url,
        'content-type': 'application/x-www-form-urlencoded',
        'x-forwarded-for': from,
      },
      body: new URLSearchParams({ email, password: guess }).toString(),
    }).then(async (response) => {
      await response.arrayBuffer()
      return response.status
    })
  }

  it('lets at most 5 of 100 parallel attempts through, then refuses the right password except from a known address', async () => {
    // The staff member's usual address: signed in from there before the burst.
    expect(await attempt(servers[0] as ServerProcess, password, usualAddress)).toBe(303)
    const statuses = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        attempt(servers[index % 2] as ServerProcess, index === 99 ? password : `wrong guess ${index}`),
      ),
    )
    // 429: refused by the count; 503: the password pool was full, the password not checked.
    const checked = statuses.filter((status) => status !== 429 && status !== 503)
    const byStatus = Object.entries(
      statuses.reduce<Record<number, number>>((counts, status) => {
        counts[status] = (counts[status] ?? 0) + 1
        return counts
      }, {}),
    )
    console.log(
      `sign-in burst: ${checked.length} of 100 parallel attempts reached the password check (limit 5); statuses ${JSON.stringify(byStatus)}`,
    )
    // Every attempt is answered as a sign-in (refused, wrong, signed in, or busy: told to try again
    // in a few seconds without its password checked), never with a server error.
    expect(byStatus.filter(([status]) => !['429', '401', '303', '503'].includes(status))).toEqual([])
    expect(checked.length).toBeLessThanOrEqual(5)
    for (const server of servers) {
      // The burst's address, and any address the account never signed in from: still refused.
      expect(await attempt(server, password)).toBe(429)
      expect(await attempt(server, password, '192.0.2.44')).toBe(429)
      // Before, the whole account was locked: now strangers cannot aim the lock at the address
      // the staff member signs in from (docs/decisions/021-sign-in-under-attack.md).
      expect(await attempt(server, password, usualAddress)).toBe(303)
    }
  }, 60_000)
})
