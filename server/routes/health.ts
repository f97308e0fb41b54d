import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'

export interface HealthRoutesOptions {
  db: Database
}

/** GET /api/health: for load balancers and the operator; 503 when the database does not answer. */
export async function healthRoutes(app: FastifyInstance, options: HealthRoutesOptions): Promise<void> {
  app.get('/api/health', async (request, reply) => {
    reply.header('cache-control', 'no-store')
    try {
      await options.db.query('SELECT 1')
      return { status: 'ok', database: 'up', driver: options.db.driver }
    } catch (error) {
      request.log.error({ err: error }, 'health check: database query failed')
      return reply.code(503).send({ status: 'error', database: 'down', driver: options.db.driver })
    }
  })
}
