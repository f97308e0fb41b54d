import type { FastifyInstance } from 'fastify'
import type { Database } from '../db/database.ts'

export interface DatabasePluginOptions {
  db: Database
  /** The server owns its database and closes it after the last request; tests keep theirs open. */
  closeWithApp: boolean
}

/** Ties the database's lifetime to the app's: app.close() drains requests, then closes the pool. */
export async function databasePlugin(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  if (options.closeWithApp) {
    app.addHook('onClose', async () => {
      await options.db.close()
    })
  }
}
