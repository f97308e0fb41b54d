import pg from 'pg'
import type { Database, Queryable } from './database.ts'

interface ClientLike {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>
}

function queryable(target: ClientLike): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      // Unnamed: no statement outlives its call, so any pooler mode in front of the server works.
      const result = await target.query(sql, [...params])
      return result.rows as T[]
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs several statements.
      await target.query(sql)
    },
  }
}

/** A PostgreSQL server through a node-postgres pool. */
export async function openPostgresDatabase(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 })
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => {
    console.error(`PostgreSQL pool: idle client error: ${error.message}`)
  })
  // Fail at start, not at the first lead, when the server is unreachable.
  await pool.query('SELECT 1')
  return {
    driver: 'postgres',
    ...queryable(pool),
    async transaction(fn) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await fn(queryable(client))
        await client.query('COMMIT')
        client.release()
        return result
      } catch (error) {
        try {
          await client.query('ROLLBACK')
          client.release()
        } catch {
          // A connection that cannot roll back is broken: destroy it instead of reusing it.
          client.release(true)
        }
        throw error
      }
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  }
}
