/**
 * A flood of sign-in posts must not starve the site. A real listening server (buildApp with the
 * built site in build/client) behind one trusted proxy: 40 sign-in posts at once, each from another
 * address of one IPv6 /64, while a page is fetched in a loop. Password hashing runs on its own
 * bounded thread pool and the address limit counts the /64 as one client, so the page stays fast
 * and every sign-in is answered within 2 s: checked and refused (401), refused for the address
 * limit (429), or told to try again in a few seconds because the pool is full (503). "Fast" is 95 in
 * 100 page reads under 200 ms and none over a second: on this 2-core machine one read in 50 may meet
 * a collector pause (229 ms once in CI), while a starved page took seconds.
 *
 * Before, scrypt ran on libuv's four shared threads, which also read the site's files: 20 sign-in
 * posts from one address made /contact take 10.8 s.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { DriverName } from '#server/db/database.ts'
import { drivers, openTestDatabase, type TestDatabase, testEncryptionKey } from './helpers/test-database.ts'

const clientDir = path.join(import.meta.dirname, '..', '..', 'build', 'client')
const attempts = 40
/** The loop stops by itself after this, whatever happens. */
const maxRunMs = 20_000

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN
}

describe.each(drivers)('a sign-in flood from one IPv6 /64 on %s', (driver: DriverName) => {
  let test: TestDatabase
  let app: FastifyInstance
  let base: string

  beforeAll(async () => {
    if (!existsSync(path.join(clientDir, 'contact', 'index.html')))
      throw new Error('build/client is missing: run npm run build first')
    test = await openTestDatabase(driver)
    app = await buildApp({
      db: test.db,
      ipHashSalt: 'sign-in-flood-tests-salt-0123',
      encryptionKey: testEncryptionKey,
      submitRateLimit: false,
      clientDir,
      trustProxy: 1,
    })
    base = await app.listen({ host: '127.0.0.1', port: 0 })
  }, 60_000)
  afterAll(async () => {
    await app?.close()
    await test?.dispose()
  })

  async function timed(request: () => Promise<Response>): Promise<{ status: number; ms: number }> {
    const started = performance.now()
    const response = await request()
    await response.arrayBuffer()
    return { status: response.status, ms: performance.now() - started }
  }

  function signInFrom(index: number) {
    return timed(() =>
      fetch(`${base}/admin/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: {
          origin: base,
          'content-type': 'application/x-www-form-urlencoded',
          // One /64, a different address each time: what a phone or a home router hands out freely.
          'x-forwarded-for': `2001:db8:4:7:${(index + 1).toString(16)}::${(index * 7 + 3).toString(16)}`,
        },
        body: new URLSearchParams({
          email: `guess${index}@oakridge-insurance.example`,
          password: `wrong password ${index}`,
        }).toString(),
      }),
    )
  }

  it('keeps the contact page fast and answers every sign-in within 2 s', async () => {
    // The server is warm, as in production: its first page read and first sign-in are done.
    await timed(() => fetch(`${base}/contact`))
    const warm = await timed(() =>
      fetch(`${base}/admin/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=warm%40example.com&password=warm-up-password',
      }),
    )
    expect(warm.status).toBe(401)

    const pages: number[] = []
    let flooding = true
    const stopAt = performance.now() + maxRunMs
    const pageLoop = (async () => {
      while ((flooding || pages.length < 50) && performance.now() < stopAt) {
        const page = await timed(() => fetch(`${base}/contact`))
        expect(page.status).toBe(200)
        pages.push(page.ms)
      }
    })()
    const signIns = await Promise.all(Array.from({ length: attempts }, (_, index) => signInFrom(index)))
    flooding = false
    await pageLoop

    const statuses = signIns.reduce<Record<number, number>>((counts, { status }) => {
      counts[status] = (counts[status] ?? 0) + 1
      return counts
    }, {})
    const slowest = Math.max(...signIns.map((signIn) => signIn.ms))
    const p95 = percentile(pages, 0.95)
    const p99 = percentile(pages, 0.99)
    console.log(
      `sign-in flood on ${driver}: ${attempts} sign-ins, statuses ${JSON.stringify(statuses)}, slowest ${slowest.toFixed(0)} ms; ` +
        `${pages.length} pages, median ${percentile(pages, 0.5).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, max ${Math.max(...pages).toFixed(1)} ms`,
    )
    expect(Object.keys(statuses).filter((status) => !['401', '429', '503'].includes(status))).toEqual([])
    // The /64 is one client: at most its 20 attempts a quarter hour reach the password check.
    expect(statuses[401] ?? 0).toBeLessThanOrEqual(20)
    expect(slowest).toBeLessThan(2000)
    expect(p95).toBeLessThan(200)
    expect(Math.max(...pages)).toBeLessThan(1000)
  }, 60_000)
})
