import { timingSafeEqual } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { BackupStatus } from '../backup/backup-status.ts'
import type { Database } from '../db/database.ts'
import { deliveryCounts } from '../leads/lead-jobs.ts'

export interface HealthRoutesOptions {
  db: Database
  /** METRICS_TOKEN: a monitor sending it as a bearer token gets the delivery counts. */
  metricsToken?: string
}

/** The request carries `Authorization: Bearer <token>` (compared in constant time); never when no token is set. */
export function hasBearerToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false
  const given = Buffer.from(header.slice('Bearer '.length))
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/**
 * GET /api/health: for load balancers, up (200) or down (503), nothing more. How many notifications
 * wait or failed is not the public's business: a monitor with METRICS_TOKEN gets those counts here,
 * staff get them at /api/admin/health.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      if (!hasBearerToken(request, options.metricsToken)) {
        await options.db.query('SELECT 1')
        return { status: 'up' }
      }
      return { status: 'up', driver: options.db.driver, deliveries: await deliveryCounts(options.db) }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database query failed')
      return reply.code(503).send({ status: 'down' })
    }
  })
}

/** The `backup` field of /api/admin/health: `{"newestAt": ISO or null, "stale": boolean}`. */
export function backupHealth({ newestAt, stale }: BackupStatus): { newestAt: string | null; stale: boolean } {
  return { newestAt: newestAt?.toISOString() ?? null, stale }
}
