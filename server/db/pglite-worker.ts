/**
 * The embedded database's own thread (docs/decisions/019-pglite-on-its-own-thread.md): PGlite runs
 * here, on a worker thread, so PostgreSQL's work inside WebAssembly (about 40% of a stored lead's
 * CPU) runs on a second core while the event loop parses, validates and answers the next requests.
 * server/db/pglite-database.ts is the other end and the only user of these messages.
 *
 * Nothing about durability changes: a query is answered only after PGlite has resolved it, which
 * it does once its writes are handed to the filesystem (relaxedDurability off), so a lead is on
 * disk before the server answers OK.
 */
import { promisify } from 'node:util'
import { parentPort, workerData } from 'node:worker_threads'
import { gzip } from 'node:zlib'
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { ownerOnlyTar } from './owner-only-tar.ts'

export type Request =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string; tx?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'snapshot' }
  | { id: number; op: 'close' }

export type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { message: string; props: Record<string, string | number | boolean> } }

interface OpenTransaction {
  tx: Transaction
  finish: (commit: boolean) => void
  done: Promise<void>
}

const port = parentPort
if (!port)
  throw new Error('pglite-worker.ts runs as a worker thread (server/db/pglite-database.ts starts it)')

/**
 * PostgreSQL's settings inside PGlite, for a small server (measured: docs/bench/2026-11-25-memory.md).
 * PGlite zeroes its shared memory when it starts, so every megabyte of shared_buffers is resident
 * from the first second, and WebAssembly memory never shrinks once grown: with PostgreSQL's default
 * of 128 MB the server idled at 460 to 660 MB. An agency's database is a few tens of MB and the
 * OS page cache keeps its files anyway.
 */
const smallServerSettings = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'maintenance_work_mem=16MB',
  '-c',
  'work_mem=2MB',
  '-c',
  'temp_buffers=2MB',
  // One backend in single-user mode: no slots for a hundred connections.
  '-c',
  'max_connections=5',
]

const { dataDir, prepareOnly } = workerData as { dataDir: string; prepareOnly?: boolean }
// pg_trgm: the desk's search index (migration 013).
const pg = await PGlite.create({
  dataDir,
  relaxedDurability: false,
  startParams: [...PGlite.defaultStartParams, ...smallServerSettings],
  extensions: { pg_trgm },
})
if (prepareOnly) {
  // A new data directory is initialized by a thread of its own, which ends here: initdb runs a
  // second PGlite whose memory would otherwise stay with the server (about 150 MB, measured).
  await pg.close()
  process.exit(0)
}
const transactions = new Map<number, OpenTransaction>()
let nextTransaction = 1
const rollback = Symbol('rollback')

/** A database error crosses the thread as its message and its plain fields (code, detail, constraint…). */
function plainError(error: unknown): Extract<Reply, { ok: false }>['error'] {
  const props: Record<string, string | number | boolean> = {}
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        props[key] = value
    }
  }
  return { message: error instanceof Error ? error.message : String(error), props }
}

function target(tx: number | undefined): PGlite | Transaction {
  if (tx === undefined) return pg
  const open = transactions.get(tx)
  if (!open) throw new Error(`no open transaction ${tx}`)
  return open.tx
}

/** BEGIN on PGlite's own terms: its transaction holds the connection until the main thread decides. */
async function begin(): Promise<number> {
  const id = nextTransaction++
  let finish: (commit: boolean) => void = () => {}
  const decided = new Promise<boolean>((resolve) => {
    finish = resolve
  })
  let started: (tx: Transaction) => void = () => {}
  const ready = new Promise<Transaction>((resolve) => {
    started = resolve
  })
  const done = pg
    .transaction(async (tx) => {
      started(tx)
      if (!(await decided)) throw rollback
    })
    .then(
      () => undefined,
      (error: unknown) => {
        if (error !== rollback) throw error
      },
    )
  // A BEGIN that fails rejects `done` before the transaction ever starts.
  const tx = await Promise.race([ready, done.then(() => Promise.reject(new Error('BEGIN failed')))])
  transactions.set(id, { tx, finish, done })
  return id
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id)
  if (!open) throw new Error(`no open transaction ${id}`)
  transactions.delete(id)
  open.finish(commit)
  await open.done
}

async function answer(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query':
      return (await target(request.tx).query(request.sql, request.params)).rows
    case 'exec':
      await target(request.tx).exec(request.sql)
      return undefined
    case 'begin':
      return begin()
    case 'end':
      return end(request.tx, request.commit)
    case 'snapshot': {
      // A checkpoint first: the image then needs little WAL replay when it is loaded.
      await pg.query('CHECKPOINT')
      // Relative names and owner-only modes (owner-only-tar.ts), then compressed as PGlite would.
      const tar = new Uint8Array(await (await pg.dumpDataDir('none')).arrayBuffer())
      return new Uint8Array(await promisify(gzip)(ownerOnlyTar(tar)))
    }
    case 'close':
      await pg.close()
      return undefined
  }
}

port.on('message', (request: Request) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies Reply),
    (error: unknown) =>
      port.postMessage({ id: request.id, ok: false, error: plainError(error) } satisfies Reply),
  )
})
port.postMessage({ id: 0, ok: true, value: 'ready' } satisfies Reply)
