import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'
import { hasBearerToken } from '../security/bearer-token.ts'

export interface BackupRoutesOptions {
  db: Database
  /** A random secret of this process, handed to `npm run backup` in a file only its user can read. */
  token: string
}

/**
 * POST /internal/backup: the running server's snapshot of the embedded database, for
 * `npm run backup` (only one process may open the database, so the command asks the one that has
 * it). Loopback only, never through a proxy (which adds X-Forwarded-For), and with the token.
 */
export async function backupRoutes(app: FastifyInstance, options: BackupRoutesOptions): Promise<void> {
  app.post('/internal/backup', async (request, reply) => {
    const local = /^(127\.|::1$|::ffff:127\.)/.test(request.socket.remoteAddress ?? '')
    if (
      !local ||
      request.headers['x-forwarded-for'] !== undefined ||
      !hasBearerToken(request, options.token)
    ) {
      return reply.code(404).send({ error: 'Not found.' })
    }
    if (!options.db.snapshot)
      return reply.code(409).send({ error: 'Only the embedded database is backed up here.' })
    const snapshot = await options.db.snapshot()
    return reply
      .header('cache-control', 'no-store')
      .type('application/gzip')
      .send(Buffer.from(await snapshot.arrayBuffer()))
  })
}
