/**
 * `node scripts/bench-rate-limit.ts`: what the shared store of the submission rate limit costs per
 * request (docs/decisions/015-operations.md). A Fastify app with only the rate limit on one route,
 * counted in memory, then in the Redis at REDIS_URL (default redis://127.0.0.1:6379); autocannon
 * on loopback, 20 connections, 5 s each after a 1 s warm-up. Every request is counted (the limit is
 * set high enough that none is refused), so the difference is the store's round trip: one request
 * counts its submission and reads its invalid posts' count, both at once.
 */
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import autocannon from 'autocannon'
import Fastify, { type FastifyRequest } from 'fastify'
import { Redis } from 'ioredis'
import { registerRateLimit } from '#server/plugins/rate-limit.ts'
import { addressGroupKey } from '#server/security/client-address.ts'

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const prefix = `bench-${randomBytes(4).toString('hex')}:`
const secret = randomBytes(32).toString('hex')

async function measure(store: 'memory' | 'redis') {
  const app = Fastify()
  await registerRateLimit(app, store === 'redis' ? { redisUrl, keyPrefix: prefix } : {})
  const rateLimit = {
    max: 100_000_000,
    timeWindow: 60_000,
    // As the form route counts: the client's address group, keyed with a server secret.
    keyGenerator: (request: FastifyRequest) => `${addressGroupKey(request.ip, secret, 'rate-limit')}|quote`,
  }
  app.post('/limited', { config: { rateLimit } }, async () => 'OK')
  const address = await app.listen({ port: 0, host: '127.0.0.1' })
  const run = (duration: number) =>
    autocannon({ url: `${address}/limited`, method: 'POST', connections: 20, duration })
  await run(1)
  const result = await run(5)
  await app.close()
  return {
    store,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  }
}

console.log(`load average before: ${loadavg()[0]?.toFixed(2)}`)
const rows = [await measure('memory'), await measure('redis')]
for (const row of rows)
  console.log(
    `${row.store.padEnd(7)} ${row.rps} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms  errors ${row.errors}`,
  )
const [memory, redis] = rows
if (memory && redis) {
  const perRequestUs = (1e6 / redis.rps - 1e6 / memory.rps).toFixed(0)
  console.log(`Redis store: about ${perRequestUs} µs more per request on this machine`)
}
const cleanup = new Redis(redisUrl)
const keys = await cleanup.keys(`${prefix}*`)
if (keys.length > 0) await cleanup.del(...keys)
await cleanup.quit()
