import path from 'node:path'
import type { Database } from './database.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { builtPgliteTemplate } from './pglite-template.ts'
import { openPostgresDatabase } from './postgres-database.ts'

/**
 * DATABASE_URL names a database this process cannot use (unreachable, missing, refused): the
 * server and the scripts print its one-line message, never a stack trace, and exit.
 */
export class DatabaseOpenError extends Error {}

/**
 * DATABASE_URL when set, otherwise the embedded database under DATA_DIR/pglite; a new one starts as
 * a copy of the build's migrated template (build/pglite-template) when the build has one.
 */
/** Where the database is: server/config.ts reads both from the environment. */
interface DatabasePlace {
  databaseUrl?: string | undefined
  dataDir: string
}

export async function openDatabase(config: DatabasePlace): Promise<Database> {
  if (!config.databaseUrl)
    return openPgliteDatabase(path.join(config.dataDir, 'pglite'), { template: builtPgliteTemplate })
  try {
    return await openPostgresDatabase(config.databaseUrl)
  } catch (error) {
    throw new DatabaseOpenError(
      `Cannot use the database at DATABASE_URL (${withoutPassword(config.databaseUrl)}): ${reason(error)}.`,
    )
  }
}

function withoutPassword(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  if (url.password) url.password = '***'
  return url.toString()
}

/** The first line of the cause; a refused connection to every address of a host is an AggregateError without one. */
function reason(error: unknown): string {
  const first = error instanceof AggregateError && !error.message ? error.errors[0] : error
  const message = first instanceof Error ? first.message : String(first)
  return message.split('\n')[0] ?? ''
}
