import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'
import { Redis } from 'ioredis'

export interface RateLimitStoreOptions {
  /** REDIS_URL: one count shared by every server process; unset keeps the counts in this process. */
  redisUrl?: string
  /** Prefix of the keys in Redis (REDIS_KEY_PREFIX). */
  keyPrefix?: string
}

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): only form submissions are limited,
 * pages and assets never are. Without Redis the counters live in this process's memory; with
 * REDIS_URL they are @fastify/rate-limit's Redis store (one atomic Lua script per request), so two
 * processes behind a load balancer share one limit instead of doubling it
 * (docs/decisions/015-operations.md).
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitStoreOptions = {},
): Promise<void> {
  if (!options.redisUrl) {
    await app.register(fastifyRateLimit, { global: false })
    return
  }
  const redis = new Redis(options.redisUrl, {
    // A Redis that is down must not hold a visitor's submission: fail fast, and skipOnError below
    // lets the lead through (a lead is worth more than a limit).
    connectTimeout: 1000,
    maxRetriesPerRequest: 1,
  })
  redis.on('error', (error: Error) => app.log.warn({ reason: error.message }, 'Redis (rate limit store)'))
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: `${options.keyPrefix ?? 'agency-site:'}rate-limit:`,
    skipOnError: true,
  })
}
