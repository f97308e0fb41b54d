import { once } from 'node:events'
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify'
import { Redis } from 'ioredis'
import { LRUCache } from 'lru-cache'
import { RateLimiterRedis, type RateLimiterRes } from 'rate-limiter-flexible'

export interface RateLimitStoreOptions {
  /** REDIS_URL: one count shared by every server process; unset keeps the counts in this process. */
  redisUrl?: string
  /** Prefix of the keys in Redis (REDIS_KEY_PREFIX). */
  keyPrefix?: string
}

/** A route's limit, in its `config.rateLimit`. */
interface RouteRateLimit {
  /** Requests allowed per key and window. */
  max: number
  /** The window, in milliseconds (counted in whole seconds, at least one). */
  timeWindow: number
  /**
   * Whom a request counts against. It becomes a Redis key: never a client address in clear
   * (server/security/client-address.ts `addressGroupKey`).
   */
  keyGenerator: (request: FastifyRequest) => string
  /** A request this limit does not count (a post with an API token, counted by the token's own). */
  skip?: (request: FastifyRequest) => boolean
}

/** One count of a limit kept per key outside a route's config (the API tokens' limits). */
export interface KeyedCount {
  /** Within the limit, counted. */
  allowed: boolean
  max: number
  windowSeconds: number
  remaining: number
  /** Seconds until the window ends. */
  resetSeconds: number
}

/**
 * Makes a limit of `max` requests per key and window, counted in the same store as the routes'
 * (Redis when set, else this process's memory): the API tokens' own limits (docs/api.md, "API tokens").
 */
export type KeyedLimitFactory = (
  name: string,
  limit: { max: number; windowMs: number },
) => (key: string) => Promise<KeyedCount>

/**
 * The `RateLimit` and `RateLimit-Policy` headers of the IETF's RateLimit header fields draft (its
 * structured-field form: `"tokens";q=300;w=60` and `"tokens";r=299;t=42`), so a client paces itself.
 */
export function setRateLimitHeaders(reply: FastifyReply, policy: string, count: KeyedCount): void {
  reply.header('ratelimit-policy', `"${policy}";q=${count.max};w=${count.windowSeconds}`)
  reply.header('ratelimit', `"${policy}";r=${count.remaining};t=${count.resetSeconds}`)
  if (!count.allowed) reply.header('retry-after', Math.max(1, count.resetSeconds))
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RouteRateLimit
  }
}

/**
 * A request refused as invalid (400) gives its count back, so a visitor correcting their answers
 * (or an office behind one address) is never locked out by mistakes; invalid requests have a limit
 * of their own, this many times the route's, in the same window, so a flood of junk is still bounded.
 */
export const invalidPerAllowed = 6
/** The most keys counted in this process's memory at once; the least recently used go first. */
const memoryKeys = 50_000
/** After Redis failed, counts stay in this process's memory this long before Redis is tried again. */
const redisPauseMs = 2000
/** A Redis command slower than this counts as a failure: a submission never waits longer for it. */
const redisCommandTimeoutMs = 100

type Store = 'redis' | 'memory'
interface Count {
  count: number
  msLeft: number
}

/** One fixed window per key, for one limit. */
interface Windows {
  readonly max: number
  /** Counts one request; says where it was counted, for `refund`. */
  add(key: string): Promise<Count & { store: Store }>
  refund(key: string, store: Store): Promise<void>
  peek(key: string): Promise<Count>
}

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): only form submissions are limited, pages
 * and assets never are. Counted with rate-limiter-flexible in Redis when REDIS_URL is set, so
 * every process shares one limit (docs/decisions/015-operations.md), otherwise in this process's
 * memory. A Redis that is down or slow never holds a submission: commands fail at once while it is
 * disconnected (no offline queue) and after 100 ms while it hangs; after a failure the counts stay
 * in memory for two seconds, then Redis is tried again, so it takes over by itself when it is back.
 */
export async function registerRateLimit(
  app: FastifyInstance,
  options: RateLimitStoreOptions = {},
): Promise<KeyedLimitFactory> {
  const redis = options.redisUrl ? await connectRedis(app, options.redisUrl) : undefined
  const windows = windowFactory(redis, `${options.keyPrefix ?? 'agency-site:'}rate-limit:`, app.log)
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit
    if (limit) limitRoute(route, limit, windows(`${route.method}${route.url}`, limit))
  })
  return (name, { max, windowMs }) => {
    const counts = windows(name, { max, timeWindow: windowMs, keyGenerator: () => '' })('requests', max)
    const windowSeconds = Math.max(1, Math.ceil(windowMs / 1000))
    return async (key) => {
      const counted = await counts.add(key)
      return {
        allowed: counted.count <= max,
        max,
        windowSeconds,
        remaining: Math.max(0, max - counted.count),
        resetSeconds: Math.max(0, Math.ceil(counted.msLeft / 1000)),
      }
    }
  }
}

async function connectRedis(app: FastifyInstance, url: string): Promise<Redis> {
  const redis = new Redis(url, {
    // A command while disconnected fails at once instead of waiting in a queue for the reconnect.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: redisCommandTimeoutMs,
    connectTimeout: 1000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  })
  let up = true
  redis.on('error', (error: Error) => {
    // Once per outage: while Redis is down, every reconnection attempt fails again.
    if (up) app.log.warn({ reason: error.message }, 'Redis (rate limit store) failed: counting in memory')
    up = false
  })
  redis.on('ready', () => {
    if (!up) app.log.info('Redis (rate limit store) is back')
    up = true
  })
  app.addHook('onClose', async () => {
    await redis.quit().catch(() => redis.disconnect())
  })
  // The first submissions are shared too; a Redis that is down delays the start by one second at most.
  await once(redis, 'ready', { signal: AbortSignal.timeout(1000) }).catch(() => {})
  return redis
}

/** Makes the windows of one limit: in Redis while it answers, in this process's memory otherwise. */
function windowFactory(redis: Redis | undefined, keyPrefix: string, log: FastifyBaseLogger) {
  const memory = new MemoryWindows(memoryKeys)
  let redisPausedUntil = 0

  /** Runs `command` on Redis if it is usable; undefined after a failure (the caller counts in memory). */
  async function onRedis<T>(command: (() => Promise<T>) | undefined): Promise<T | undefined> {
    if (!command || redis?.status !== 'ready' || Date.now() < redisPausedUntil) return undefined
    try {
      return await command()
    } catch (error) {
      redisPausedUntil = Date.now() + redisPauseMs
      log.warn({ reason: (error as Error).message }, 'Redis (rate limit store) failed: counting in memory')
      return undefined
    }
  }

  return (name: string, limit: RouteRateLimit) =>
    (suffix: string, max: number): Windows => {
      const windowMs = Math.max(1, Math.ceil(limit.timeWindow / 1000)) * 1000
      const prefix = `${name}:${suffix}`
      const shared =
        redis &&
        new RateLimiterRedis({
          storeClient: redis,
          keyPrefix: `${keyPrefix}${prefix}`,
          points: max,
          duration: windowMs / 1000,
          // Not connected: fail at once (to memory) rather than send a command that cannot be answered.
          rejectIfRedisNotReady: true,
        })
      const counted = (res: RateLimiterRes): Count => ({
        count: res.consumedPoints,
        msLeft: res.msBeforeNext,
      })
      return {
        max,
        async add(key) {
          const res = await onRedis(shared && (() => shared.penalty(key, 1)))
          if (res) return { ...counted(res), store: 'redis' }
          return { ...memory.add(`${prefix}:${key}`, 1, windowMs), store: 'memory' }
        },
        async refund(key, store) {
          if (store === 'memory') memory.add(`${prefix}:${key}`, -1, windowMs)
          else await onRedis(shared && (() => shared.reward(key, 1)))
        },
        async peek(key) {
          const res = await onRedis(shared && (() => shared.get(key)))
          if (res !== undefined) return res ? counted(res) : { count: 0, msLeft: 0 }
          return memory.peek(`${prefix}:${key}`)
        },
      }
    }
}

/** Fixed windows in this process's memory, at most `maxKeys` of them. */
class MemoryWindows {
  private readonly windows: LRUCache<string, { count: number; endsAt: number }>

  constructor(maxKeys: number) {
    this.windows = new LRUCache({ max: maxKeys })
  }

  add(key: string, points: number, windowMs: number): Count {
    const now = Date.now()
    let window = this.windows.get(key)
    if (!window || window.endsAt <= now) {
      // Nothing counted in this window: nothing to give back.
      if (points < 0) return { count: 0, msLeft: 0 }
      window = { count: 0, endsAt: now + windowMs }
      this.windows.set(key, window)
    }
    window.count = Math.max(0, window.count + points)
    return { count: window.count, msLeft: window.endsAt - now }
  }

  peek(key: string): Count {
    const now = Date.now()
    const window = this.windows.peek(key)
    return window && window.endsAt > now
      ? { count: window.count, msLeft: window.endsAt - now }
      : { count: 0, msLeft: 0 }
  }
}

/** Where a request was counted, to give it back if the route refuses it as invalid. */
const countedRequests = new WeakMap<FastifyRequest, { key: string; store: Store }>()

function limitRoute(
  route: RouteOptions,
  limit: RouteRateLimit,
  windows: (suffix: string, max: number) => Windows,
): void {
  const allowed = windows('submissions', limit.max)
  const invalid = windows('invalid', limit.max * invalidPerAllowed)

  appendHook(route, 'onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (limit.skip?.(request)) return
    const key = limit.keyGenerator(request)
    const [counted, refused] = await Promise.all([allowed.add(key), invalid.peek(key)])
    countedRequests.set(request, { key, store: counted.store })
    const over = [counted.count > allowed.max && counted, refused.count >= invalid.max && refused]
    const msLeft = Math.max(0, ...over.map((count) => (count ? count.msLeft : 0)))
    if (!over.some(Boolean)) return
    reply.header('retry-after', Math.max(1, Math.ceil(msLeft / 1000)))
    // The error handler answers the documented 429 body (server/plugins/error-handling.ts).
    throw Object.assign(new Error('Too many submissions'), { statusCode: 429 })
  })

  appendHook(route, 'onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const counted = countedRequests.get(request)
    if (reply.statusCode === 400 && counted) {
      countedRequests.delete(request)
      await Promise.all([allowed.refund(counted.key, counted.store), invalid.add(counted.key)])
    }
    return payload
  })
}

/** Adds a hook after the route's own (a route may give one function, a list, or none). */
function appendHook(route: RouteOptions, name: 'onRequest' | 'onSend', hook: unknown): void {
  const current = route[name] as unknown
  const list = Array.isArray(current) ? current : current ? [current] : []
  Object.assign(route, { [name]: [...list, hook] })
}
