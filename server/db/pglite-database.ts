import { mkdir } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.ts'

interface PgliteLike {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>
  exec(sql: string): Promise<unknown>
}

function queryable(target: PgliteLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params])
      return result.rows
    },
    async exec(sql: string) {
      await target.exec(sql)
    },
  }
}

/**
 * Embedded PostgreSQL (WebAssembly) persisted in `dataDir`, one connection per process: PGlite
 * queues queries and transactions, so they never interleave. Only one process may open a dataDir.
 *
 * Durability: with relaxedDurability off (the default, set explicitly here) every query waits
 * until PGlite has handed its writes to the filesystem before it resolves, so a lead is on disk
 * (in the OS page cache) before the API answers OK and survives the process being killed.
 * PGlite runs PostgreSQL with fsync off, so surviving a power loss needs DATABASE_URL.
 */
export async function openPgliteDatabase(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true })
  const pg = await PGlite.create({ dataDir, relaxedDurability: false })
  return {
    driver: 'pglite',
    ...queryable(pg),
    transaction: (fn) => pg.transaction((tx) => fn(queryable(tx))),
    async snapshot() {
      // A checkpoint first: the image then needs little WAL replay when it is loaded.
      await pg.query('CHECKPOINT')
      return pg.dumpDataDir('gzip')
    },
    // One connection; PGlite queues what waits for it without saying how much.
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    close: () => pg.close(),
  }
}
