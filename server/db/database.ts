/**
 * The one database interface the server codes against. Two drivers implement it: embedded PGlite
 * (the default, no other service) and a node-postgres pool (DATABASE_URL). Both speak the same
 * PostgreSQL SQL, so queries and migrations are written once.
 */

/** What a statement runs on: the database itself or an open transaction. */
export interface Queryable {
  /** One statement with $1.. parameters; returns its rows. */
  query<T>(sql: string, params?: readonly unknown[]): Promise<T[]>
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>
}

export type DriverName = 'pglite' | 'postgres'

export interface Database extends Queryable {
  readonly driver: DriverName
  /** Runs fn inside BEGIN/COMMIT; rolls back and rethrows when fn throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>
  /**
   * Embedded only: a gzipped tarball of the data directory, taken between two queries (a
   * crash-consistent image that PGlite loads with `loadDataDir`). PostgreSQL servers use pg_dump.
   */
  snapshot?(): Promise<Blob>
  /** Connections of this process (metrics): PGlite has one, queued; PostgreSQL a pool. */
  poolStats(): { total: number; idle: number; waiting: number }
  close(): Promise<void>
}
