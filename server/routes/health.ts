import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'

export interface HealthRoutesOptions {
  db: Database
}

/**
 * GET /api/health: for load balancers and the operator; 503 when the database does not answer.
 * It also counts notifications still waiting and those that failed for good.
 */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      const [counts] = await options.db.query<{ failed: string | number; waiting: string | number }>(
        `SELECT count(*) FILTER (WHERE status = 'failed') AS failed,
                count(*) FILTER (WHERE status IN ('pending', 'sending')) AS waiting
           FROM delivery_jobs`,
      )
      return {
        status: 'ok',
        database: 'up',
        driver: options.db.driver,
        // Leads whose notification could not be delivered after every retry: staff must look.
        deliveries: { failed: Number(counts?.failed ?? 0), waiting: Number(counts?.waiting ?? 0) },
      }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database query failed')
      return reply.code(503).send({ status: 'error', database: 'down', driver: options.db.driver })
    }
  })
}
