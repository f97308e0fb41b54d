/**
 * Several processes, one set of limits (docs/contracts.md, "Beyond one machine"): two real servers
 * (`node server/main.ts`) on one PostgreSQL database and the Redis at 127.0.0.1:6379, behind a
 * pretend proxy (TRUST_PROXY=1, the client named in X-Forwarded-For). The 11th submission from one
 * address gets 429 whichever process it reaches, the sign-in lockout holds across both, and 100
 * leads are mailed exactly once.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { addStaffAt } from '#tests/kit/staff.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { deleteRedisKeys } from './helpers/redis-keys.ts'
import { type ServerProcess, startServerProcess, waitFor } from './helpers/server-process.ts'
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink.ts'
import { solvedProof } from './helpers/solved-proofs.ts'

const ipHashSalt = 'cluster-tests-salt-0123456789'
const redisUrl = 'redis://127.0.0.1:6379'
// Each run counts under its own keys: runs (and other suites on this Redis) never see each other's.
const keyPrefix = `agency-test-${randomBytes(6).toString('hex')}:`
const staffEmail = 'desk@oakridge-insurance.example'
const staffPassword = 'a long staff password 42'
const contact = getFormDefinition('contact-message')

describe('two server processes on one PostgreSQL and one Redis', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  let sink: SmtpSink
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    // A copy of the run's migrated database: the servers' first start is not what is tested here.
    scratch = await createScratchDatabase({ template: inject('postgresTemplate') })
    sink = await startSmtpSink()
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-cluster-'))
    const env = (name: string) => ({
      DATABASE_URL: scratch.url,
      DATA_DIR: path.join(dataDir, name),
      SMTP_URL: sink.url,
      // Only the agency's notifications are counted here: the visitor's copy is tested on its own
      // (tests/server/visitor-confirmation.test.ts).
      VISITOR_CONFIRMATION: 'off',
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: keyPrefix,
      TRUST_PROXY: '1',
      DELIVERY_POLL_MS: '50',
      IP_HASH_SALT: ipHashSalt,
      LEAD_ENCRYPTION_KEY: 'ef'.repeat(32),
    })
    servers.push(await startServerProcess({ env: env('a') }))
    servers.push(await startServerProcess({ env: env('b') }))
    await addStaffAt(scratch.url, staffEmail, staffPassword)
  }, 60_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await deleteRedisKeys(redisUrl, keyPrefix)
    await sink?.close()
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  /** "mail-12" → "mail-bc": a text that differs from the next one in its letters. */
  const inLetters = (key: string) => key.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')

  async function submit(server: ServerProcess, client: string, key: string): Promise<Response> {
    if (!contact) throw new Error('no contact form')
    const response = await fetch(`${server.url}/api/forms/contact-message`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': client,
        'idempotency-key': key,
        'x-proof-of-work': await solvedProof(ipHashSalt),
      },
      // A text of its own: the same text from many addresses is scored as a spam campaign, and
      // texts that differ only in digits or punctuation are the same text (the key in letters).
      body: JSON.stringify({
        ...validPayload(contact, new Date()),
        msg: `Please call me back about ${inLetters(key)}.`,
      }),
    })
    await response.arrayBuffer()
    return response
  }

  it('answers the 11th submission from one address with 429, across both processes', async () => {
    const statuses: number[] = []
    for (let index = 0; index < 10; index++) {
      const response = await submit(servers[index % 2] as ServerProcess, '198.51.100.11', `limit-${index}`)
      statuses.push(response.status)
    }
    expect(statuses).toEqual(Array(10).fill(200))
    for (const [index, server] of servers.entries()) {
      const refused = await submit(server, '198.51.100.11', `limit-over-${index}`)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    }
    // Another address is counted on its own.
    expect((await submit(servers[1] as ServerProcess, '198.51.100.12', 'limit-other')).status).toBe(200)
  })

  it('locks an account out after 5 wrong passwords split across both processes', async () => {
    const attempt = async (server: ServerProcess, password: string) => {
      const response = await fetch(`${server.url}/admin/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: server.url,
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '198.51.100.20',
        },
        body: new URLSearchParams({ email: staffEmail, password }).toString(),
      })
      await response.arrayBuffer()
      return response.status
    }
    const wrong: number[] = []
    for (let index = 0; index < 5; index++)
      wrong.push(await attempt(servers[index % 2] as ServerProcess, `guess ${index}`))
    expect(wrong.every((status) => status === 401)).toBe(true)
    // The right password is refused now, on either process.
    for (const server of servers) expect(await attempt(server, staffPassword)).toBe(429)
  })

  it('mails each of 100 leads exactly once, whichever process took it', async () => {
    const already = sink.messages.length
    const references = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        // One address per lead: the limit is not what this checks.
        const response = await submit(
          servers[index % 2] as ServerProcess,
          `192.0.2.${index + 1}`,
          `mail-${index}`,
        )
        expect(response.status).toBe(200)
        return response.headers.get('lead-reference')
      }),
    )
    const db = await openPostgresDatabase(scratch.url)
    try {
      const leads = await db.query<{ id: string }>('SELECT id FROM leads WHERE reference = ANY($1)', [
        references,
      ])
      expect(leads).toHaveLength(100)
      await waitFor(
        async () => {
          const [row] = await db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM delivery_jobs WHERE status <> 'sent'`,
          )
          return row?.n === 0
        },
        { timeoutMs: 60_000, what: 'every notification to be sent' },
      )
      const received = sink.byLeadId()
      for (const lead of leads) expect(received.get(lead.id), `lead ${lead.id}`).toHaveLength(1)
      // 11 from the first test, 100 here: nothing else, nothing twice.
      expect(sink.messages.length - already).toBe(100)
      const output = servers.map((server) => server.output()).join('\n')
      // Both processes took part.
      for (const server of servers) expect(server.output()).toContain('lead notification delivered')
      expect(output).not.toContain('Redis (rate limit store)')
    } finally {
      await db.close()
    }
  }, 120_000)
})
