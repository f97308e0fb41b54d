import type { Database } from '#server/db/database.ts'

/** For tests of things that must not touch the database (static files): any use fails the test. */
export const unusedDatabase: Database = {
  driver: 'pglite',
  query: () => Promise.reject(new Error('this test must not query the database')),
  exec: () => Promise.reject(new Error('this test must not query the database')),
  transaction: () => Promise.reject(new Error('this test must not query the database')),
  poolStats: () => ({ total: 0, idle: 0, waiting: 0 }),
  close: () => Promise.resolve(),
}
