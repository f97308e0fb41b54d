/**
 * The anchor of `npm run bench`: the least a lead API can do. A bare Fastify server that parses the
 * same JSON body and inserts it as one row, on PGlite in DATA_DIR (the default) or on PostgreSQL
 * with `pg` when DATABASE_URL is set. No validation, no idempotency, no outbox job, no spam check:
 * our server is measured against this in the same run, on the same machine, and the ratio printed.
 * Prints "Server listening at <url>" like the real server so the benchmark starts both alike.
 */
import { PGlite } from '@electric-sql/pglite'
import Fastify from 'fastify'
import pg from 'pg'

const createTable =
  'CREATE TABLE IF NOT EXISTS anchor_leads (id bigserial PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())'
const insert = 'INSERT INTO anchor_leads (body) VALUES ($1) RETURNING id'

async function openInsert(): Promise<{ insertRow(body: unknown): Promise<unknown>; close(): Promise<void> }> {
  const url = process.env.DATABASE_URL
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10 })
    await pool.query(createTable)
    return {
      insertRow: async (body) => (await pool.query(insert, [body])).rows[0],
      close: () => pool.end(),
    }
  }
  const dataDir = process.env.DATA_DIR
  if (!dataDir) throw new Error('DATA_DIR or DATABASE_URL is required')
  const db = await PGlite.create(dataDir)
  await db.exec(createTable)
  return {
    insertRow: async (body) => (await db.query(insert, [body])).rows[0],
    close: () => db.close(),
  }
}

const database = await openInsert()
const app = Fastify({ logger: false })
app.post('/api/forms/contact-message', async (request, reply) => {
  const row = await database.insertRow(request.body)
  return reply.code(201).send(row)
})
app.addHook('onClose', () => database.close())
const url = await app.listen({ host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 0) })
console.log(`Server listening at ${url}`)
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0))
  })
}
