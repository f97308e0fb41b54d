import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'
import { deliveryCounts } from '../leads/lead-jobs.ts'
import { hasBearerToken } from '../security/bearer-token.ts'

export interface HealthRoutesOptions {
  db: Database
  /** METRICS_TOKEN: a monitor sending it as a bearer token gets the delivery counts. */
  metricsToken?: string
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
