import fastifyRateLimit from '@fastify/rate-limit'
import type { FastifyInstance } from 'fastify'

/**
 * Rate limiting is opt-in per route (`config.rateLimit`): only form submissions are limited,
 * pages and assets never are. Counters are in memory, per process (DESIGN.md section 6: a shared
 * store once there are several processes).
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, { global: false })
}
