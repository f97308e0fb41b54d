/**
 * Queries typed by what they select. Kysely builds the SQL and, from server/db/schema.ts (the
 * tables as the migrations make them, `npm run db:types`), the type of the rows it returns; it
 * never connects: `run` sends the compiled text and parameters through the same two drivers as
 * every other statement (PGlite or node-postgres), on the database or inside a transaction.
 *
 *   const rows = await run(db, build.selectFrom('staff_users').select(['id', 'email']).where('id', '=', id))
 *   //    ^? { id: string; email: string }[]
 *
 * Kysely's `sql` tag (re-exported here) writes what the builder cannot say, still with parameters.
 * The hot path of a submission (store_leads, server/leads/lead-repository.ts) keeps its hand-written
 * statement: it calls a function, whose result the schema does not describe.
 */
import {
  type Compilable,
  DummyDriver,
  type Expression,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
  sql,
} from 'kysely'
import type { Queryable } from './database.ts'
import type { DB } from './schema.ts'

export const build = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
})

/** Runs a built query; its rows have the type the query selects. */
export function run<Row>(db: Queryable, query: Compilable<Row>): Promise<Row[]> {
  const compiled = query.compile()
  return db.query<Row>(compiled.sql, compiled.parameters)
}

/** count(*) as an int4: node-postgres would return count's bigint as a string. */
export function countRows(): RawBuilder<number> {
  return sql<number>`count(*)::int`
}

/** The Monday of `time`'s week in `timeZone`, as YYYY-MM-DD (the desk's weekly figures). */
export function weekOf(time: Expression<Date | string>, timeZone: string): RawBuilder<string> {
  return sql<string>`to_char(date_trunc('week', ${time} AT TIME ZONE ${timeZone}), 'YYYY-MM-DD')`
}

/** The row type a built query returns. */
export type RowOf<Q> = Q extends Compilable<infer Row> ? Row : never

export type { Compilable }
export { sql }
