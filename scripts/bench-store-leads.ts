/**
 * `npm run bench:store`: what PostgreSQL spends to store a lead, apart from the server. Calls
 * migration 007's store_leads from one connection, with batches of the sizes given, on a fresh
 * database of the current schema, and prints per lead: the backend's CPU (user + system time of its
 * process, /proc/<pid>/stat), the wall time of the calls, and the WAL written. The statement and the
 * parameters are built by server/leads/lead-repository.ts, as the server builds them.
 *
 * For comparing a change of schema before writing its migration: `--sql FILE` runs that file after
 * the migrations on a second database, and each round measures both, alternately (the cost per lead
 * rises as the tables grow, so both grow alike). `--perf DIR` records the backend with `perf record
 * -g` (Debian's linux-perf) into DIR, one file per database and batch size, for `perf report`.
 * docs/decisions/020-storing-a-batch-in-one-call.md has what this showed.
 *
 * Options:
 *   --batches <list>   leads per call (default 1,10,20)
 *   --calls <n>        calls measured per batch size and round (default 1000), after 100 to warm up
 *   --rounds <n>       rounds (default 3)
 *   --sql <file>       a variant of the schema to measure beside the current one
 *   --perf <dir>       record the backend's profile with perf
 * PostgreSQL: 127.0.0.1:5432 as the server tests use it (PGHOST, PGPORT, PGUSER override); it must
 * run on this machine, since the backend's CPU is read from /proc.
 */
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { runMigrations } from '#server/db/migrate.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { type SentLead, storeLeadsParameters, storeLeadsStatement } from '#server/leads/lead-repository.ts'
import { createScratchDatabase, type ScratchDatabase } from '#tests/server/helpers/postgres-server.ts'
import { cpuMs } from './process-cpu.ts'

const { values: args } = parseArgs({
  options: {
    batches: { type: 'string', default: '1,10,20' },
    calls: { type: 'string', default: '1000' },
    rounds: { type: 'string', default: '3' },
    sql: { type: 'string' },
    perf: { type: 'string' },
  },
})
const batches = args.batches.split(',').map(Number)
const calls = Number(args.calls)
const rounds = Number(args.rounds)
const week = 7 * 24 * 60 * 60 * 1000

/** A unique reference per lead: drawn ones repeat once in tens of thousands (the server redraws). */
let references = 0

/** The store_leads parameters of `size` new contact leads, each from its own address. */
function callArguments(size: number): unknown[] {
  const batch: SentLead[] = []
  for (let lead = 0; lead < size; lead++) {
    const id = randomUUID()
    const fields = {
      name: 'Ana Pérez',
      email: `ana.${id.slice(0, 8)}@example.com`,
      phone: '(404) 555-0134',
      message: 'Could someone call me about home and auto together? Evenings are best.',
    }
    batch.push({
      id,
      reference: `B${(++references).toString(36).toUpperCase()}`,
      fields,
      lead: {
        formKey: 'contact-message',
        fields,
        language: 'en',
        userAgent:
          'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
        ipHash: randomBytes(32).toString('hex'),
        isSpam: false,
        spamReasons: [],
        idempotencyKey: randomUUID(),
        bodyHash: randomBytes(32).toString('hex'),
        repeatCheck: {
          since: new Date(Date.now() - week),
          ifRepeated: { isSpam: true, spamReasons: ['The same text came from other addresses'] },
        },
      },
    })
  }
  return storeLeadsParameters(batch)
}

/** The backend's CPU so far, in milliseconds: it must be readable, or the figures mean nothing. */
async function backendCpuMs(pid: number): Promise<number> {
  const ms = await cpuMs(pid)
  if (ms === undefined)
    throw new Error(`No CPU time for PostgreSQL's process ${pid}: is the server on this machine?`)
  return ms
}

interface Target {
  name: string
  database: ScratchDatabase
}

async function prepare(name: string, variant?: string): Promise<Target> {
  const database = await createScratchDatabase()
  const db = await openPostgresDatabase(database.url)
  try {
    await runMigrations(db)
    if (variant) await db.exec(variant)
  } finally {
    await db.close()
  }
  return { name, database }
}

async function measure(target: Target, size: number, round: number): Promise<string> {
  const client = new pg.Client({ connectionString: target.database.url })
  await client.connect()
  try {
    const pid = Number((await client.query('SELECT pg_backend_pid() AS pid')).rows[0].pid)
    for (let call = 0; call < 100; call++) await client.query(storeLeadsStatement, callArguments(size))
    const prepared = Array.from({ length: calls }, () => callArguments(size))
    const recorder = args.perf
      ? spawn(
          'perf',
          [
            'record',
            '-g',
            '-p',
            String(pid),
            '-o',
            path.join(args.perf, `${target.name}-${size}-${round}.data`),
          ],
          { stdio: 'ignore' },
        )
      : undefined
    if (recorder) await new Promise((resolve) => setTimeout(resolve, 500))
    const walBefore = (await client.query('SELECT pg_current_wal_lsn() AS lsn')).rows[0].lsn
    const cpuBefore = await backendCpuMs(pid)
    const started = performance.now()
    for (const values of prepared) await client.query(storeLeadsStatement, values)
    const wallMs = performance.now() - started
    const cpuSpentMs = (await backendCpuMs(pid)) - cpuBefore
    if (recorder) {
      recorder.kill('SIGINT')
      await new Promise((resolve) => recorder.once('exit', resolve))
    }
    const wal = Number(
      (await client.query('SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes', [walBefore])).rows[0]
        .bytes,
    )
    const leads = calls * size
    return [
      target.name.padStart(8),
      String(round).padStart(5),
      String(size).padStart(5),
      ((cpuSpentMs / leads) * 1000).toFixed(1).padStart(15),
      ((wallMs / leads) * 1000).toFixed(1).padStart(16),
      (wal / leads).toFixed(0).padStart(12),
    ].join('  ')
  } finally {
    await client.end()
  }
}

if (args.perf) {
  if (spawnSync('perf', ['--version']).error)
    throw new Error('--perf: no perf on the PATH (apt-get install linux-perf)')
  mkdirSync(args.perf, { recursive: true })
}
const targets: Target[] = []
try {
  targets.push(await prepare('current'))
  if (args.sql) targets.push(await prepare('variant', readFileSync(args.sql, 'utf8')))
  console.log(
    `store_leads from one connection: ${calls} calls per batch size and round, after 100 to warm up\n`,
  )
  console.log(' schema  round  batch  backend µs/lead  wall µs per lead  WAL B/lead')
  for (let round = 1; round <= rounds; round++) {
    for (const size of batches) {
      for (const target of targets) console.log(await measure(target, size, round))
    }
  }
} finally {
  for (const target of targets) await target.database.drop()
}
