import path from 'node:path'
import type { Config } from '../config.ts'
import type { Database } from './database.ts'
import { openPgliteDatabase } from './pglite-database.ts'
import { openPostgresDatabase } from './postgres-database.ts'

/** DATABASE_URL when set, otherwise the embedded database under DATA_DIR/pglite. */
export function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return config.databaseUrl
    ? openPostgresDatabase(config.databaseUrl)
    : openPgliteDatabase(path.join(config.dataDir, 'pglite'))
}
