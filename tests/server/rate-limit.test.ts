/**
 * The submission rate limit (server/plugins/rate-limit.ts) against the real Redis at
 * 127.0.0.1:6379 (keys under a prefix of this run) and a redis-server of the test's own that it
 * kills and starts again: a Redis that is down costs a submission almost nothing and counting goes
 * back to it by itself; an IPv6 /64 is one visitor; no key holds an address; invalid posts never
 * lock a visitor out, yet a flood of them is still refused.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { type AppOptions, buildApp } from '#server/app.ts'
import { invalidPerAllowed } from '#server/plugins/rate-limit.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { deleteRedisKeys } from './helpers/redis-keys.ts'
import { waitFor } from './helpers/server-process.ts'
import { testAppOptions } from './helpers/test-app.ts'
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts'

const sharedRedisUrl = 'redis://127.0.0.1:6379'
// Each run counts under its own keys: runs (and other suites on this Redis) never see each other's.
const keyPrefix = `agency-test-${randomBytes(6).toString('hex')}:`
const clientDir = path.join(import.meta.dirname, '..', '..', 'build', 'client')
const contact = getFormDefinition('contact-message')
let serial = 0

let test: TestDatabase
const apps: FastifyInstance[] = []

beforeAll(async () => {
  test = await openTestDatabase('pglite')
})
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()))
  await deleteRedisKeys(sharedRedisUrl, keyPrefix)
  await test?.dispose()
})

/** An app behind one pretend proxy (the client named in X-Forwarded-For), closed after the file. */
async function limitedApp(options: Partial<AppOptions>): Promise<FastifyInstance> {
  const app = await buildApp(
    testAppOptions(test.db, { trustProxy: 1, redisKeyPrefix: keyPrefix, ...options }),
  )
  apps.push(app)
  return app
}

/** A valid contact message (JSON, a text of its own) from `client`. */
async function submit(app: FastifyInstance, client: string) {
  if (!contact) throw new Error('no contact form')
  serial += 1
  return app.inject({
    method: 'POST',
    url: '/api/forms/contact-message',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    payload: { ...validPayload(contact, new Date()), message: `Please call me back (${serial}).` },
  })
}

/** The contact form posted by the browser itself (no JavaScript), valid or with a wrong e-mail. */
async function postForm(app: FastifyInstance, client: string, valid: boolean) {
  if (!contact) throw new Error('no contact form')
  serial += 1
  const fields = { ...validPayload(contact, new Date()), message: `Please call me back (${serial}).` }
  return app.inject({
    method: 'POST',
    url: '/api/forms/contact-message',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': client },
    payload: new URLSearchParams(valid ? fields : { ...fields, email: 'not an address' }).toString(),
  })
}

async function isStored(reference: string | undefined): Promise<boolean> {
  const rows = await test.db.query('SELECT 1 FROM leads WHERE reference = $1', [reference])
  return rows.length === 1
}

/** A fresh client address each time: 198.51.100.x, then 198.51.101.x… */
function freshClient(): string {
  serial += 1
  return `198.51.${100 + Math.floor(serial / 250)}.${(serial % 250) + 1}`
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const address = server.address()
  server.close()
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** A throwaway redis-server on `port` that keeps nothing on disk. */
async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  })
  const probe = new Redis(port, '127.0.0.1', { lazyConnect: true, retryStrategy: () => null })
  probe.on('error', () => {}) // refused until the server listens: expected, polled below
  await waitFor(
    () =>
      probe.connect().then(
        () => true,
        () => false,
      ),
    { what: 'redis-server to start' },
  )
  await probe.quit()
  return child
}

async function stopRedis(child: ChildProcess): Promise<void> {
  const exited = once(child, 'exit')
  child.kill('SIGKILL')
  await exited
}

describe('when Redis fails', () => {
  const limit = { max: 3, windowMs: 60_000 }

  it('answers each submission at once and stores it, and shares the count again when Redis is back', async () => {
    const port = await freePort()
    let redis = await startRedis(port)
    try {
      const url = `redis://127.0.0.1:${port}`
      const [a, b] = [
        await limitedApp({ submitRateLimit: limit, redisUrl: url }),
        await limitedApp({ submitRateLimit: limit, redisUrl: url }),
      ]
      /** Two processes share one count: the limit's worth on one, then one more on the other is refused. */
      const sharedCount = async () => {
        const client = freshClient()
        for (let index = 0; index < limit.max; index++) expect((await submit(a, client)).statusCode).toBe(200)
        return (await submit(b, client)).statusCode === 429
      }
      expect(await sharedCount()).toBe(true)

      await stopRedis(redis)
      for (let index = 0; index < 5; index++) {
        const started = performance.now()
        const response = await submit(index % 2 ? b : a, freshClient())
        expect(performance.now() - started).toBeLessThan(300)
        expect(response.statusCode).toBe(200)
        expect(await isStored(response.headers['lead-reference'] as string)).toBe(true)
      }

      redis = await startRedis(port)
      await waitFor(sharedCount, { timeoutMs: 15_000, intervalMs: 200, what: 'the count to be shared again' })
    } finally {
      await stopRedis(redis)
    }
  }, 30_000)

  it('with no Redis listening at all, still answers at once and still limits in this process', async () => {
    const app = await limitedApp({
      submitRateLimit: limit,
      redisUrl: `redis://127.0.0.1:${await freePort()}`,
    })
    const client = freshClient()
    for (let index = 0; index < limit.max; index++) {
      const started = performance.now()
      const response = await submit(app, client)
      expect(performance.now() - started).toBeLessThan(300)
      expect(response.statusCode).toBe(200)
      expect(await isStored(response.headers['lead-reference'] as string)).toBe(true)
    }
    const refused = await submit(app, client)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
  })
})

describe('who a limit counts, in the shared Redis', () => {
  it('counts every address of one IPv6 /64 as one visitor, and two /64s apart', async () => {
    const app = await limitedApp({
      submitRateLimit: { max: 10, windowMs: 600_000 },
      redisUrl: sharedRedisUrl,
    })
    for (let index = 1; index <= 10; index++) {
      expect((await submit(app, `2001:db8:5a7e:1f0::${index}`)).statusCode).toBe(200)
    }
    const refused = await submit(app, '2001:db8:5a7e:1f0:ffff:ffff:ffff:11')
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await submit(app, '2001:db8:5a7e:1f1::1')).statusCode).toBe(200)
  })

  it('keeps no client address in any Redis key', async () => {
    const app = await limitedApp({
      submitRateLimit: { max: 10, windowMs: 600_000 },
      redisUrl: sharedRedisUrl,
    })
    expect((await submit(app, '203.0.113.9')).statusCode).toBe(200)
    expect((await submit(app, '2001:db8:77:88::99')).statusCode).toBe(200)
    const redis = new Redis(sharedRedisUrl)
    const keys: string[] = []
    for await (const batch of redis.scanStream({ match: `${keyPrefix}*` })) keys.push(...batch)
    await redis.quit()
    expect(keys.length).toBeGreaterThan(0)
    for (const key of keys) {
      expect(key).not.toContain('203.0.113')
      expect(key).not.toContain('2001:db8')
      // What follows the fixed part is a keyed digest (64 hex digits) and the form family.
      expect(key.slice(keyPrefix.length)).toMatch(
        /^rate-limit:POST\/api\/forms\/:formKey:(submissions|invalid):[0-9a-f]{64}\|[a-z-]+$/,
      )
    }
  })
})

describe.each([
  ['in memory', undefined],
  ['in Redis', sharedRedisUrl],
])('invalid posts, counted %s', (_store, redisUrl) => {
  const limit = { max: 10, windowMs: 600_000 }

  it('never lock out a visitor correcting their answers, but a flood of them is refused', async () => {
    if (!existsSync(path.join(clientDir, 'contact', 'index.html'))) {
      throw new Error('These tests read the built site: run `npm run build` first.')
    }
    const app = await limitedApp({ submitRateLimit: limit, redisUrl, clientDir })
    const client = freshClient()
    for (let index = 0; index < 10; index++) expect((await postForm(app, client, false)).statusCode).toBe(400)
    const stored = await postForm(app, client, true)
    expect(stored.statusCode).toBe(303)
    expect(stored.headers.location).toMatch(/^\/thank-you\?ref=/)

    // Invalid posts have a limit of their own: six times the submissions' (60 in 10 minutes).
    const flood = limit.max * invalidPerAllowed
    for (let index = 10; index < flood; index++)
      expect((await postForm(app, client, false)).statusCode).toBe(400)
    const refused = await postForm(app, client, true)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.headers['content-type']).toMatch(/^text\/html/)
    // Another visitor is not affected.
    expect((await postForm(app, freshClient(), true)).statusCode).toBe(303)
  }, 30_000)
})
