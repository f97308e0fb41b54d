import { existsSync } from 'node:fs'
import { chmod, cp, mkdir, readdir, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Database, Queryable } from './database.ts'
import type { Reply, Request } from './pglite-worker.ts'

/** A request before it is numbered: each kind of Request without its `id`. */
type WithoutId<R> = R extends unknown ? Omit<R, 'id'> : never
type Call = WithoutId<Request>

/** A database error from the worker, with its fields (code, detail, constraint…) as PGlite gave them. */
function databaseError({ message, props }: Extract<Reply, { ok: false }>['error']): Error {
  return Object.assign(new Error(message), props)
}

const workerUrl = new URL('./pglite-worker.ts', import.meta.url)

/**
 * Creates a new data directory on a thread that then ends: PGlite's initdb runs a second database
 * and a third WebAssembly program, whose memory a thread only gives back to the system when it
 * ends (WebAssembly memory never shrinks), so the server's own thread opens a directory made already.
 */
function initializeDataDir(dataDir: string): Promise<void> {
  const worker = new Worker(workerUrl, { workerData: { dataDir, prepareOnly: true } })
  return new Promise((resolve, reject) => {
    worker.on('error', reject)
    worker.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (exit code ${code})`)),
    )
  })
}

/**
 * Copies the data folder `template` (a migrated database: server/db/pglite-template.ts) into the
 * new `dataDir`. PG_VERSION goes in last: a copy cut short leaves a folder without it, which the
 * next start fills again.
 */
async function copyTemplate(template: string, dataDir: string): Promise<void> {
  const copying = `${dataDir}.copying-${process.pid}`
  await rm(copying, { recursive: true, force: true })
  await cp(template, copying, { recursive: true })
  const entries = (await readdir(copying)).sort(
    (a, b) => Number(a === 'PG_VERSION') - Number(b === 'PG_VERSION'),
  )
  for (const entry of entries) {
    await rm(path.join(dataDir, entry), { recursive: true, force: true })
    await rename(path.join(copying, entry), path.join(dataDir, entry))
  }
  await rm(copying, { recursive: true, force: true })
}

/** Every file under `dir` 0600 and every folder 0700. */
async function ownerOnlyTree(dir: string): Promise<void> {
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink()) continue
    await chmod(path.join(entry.parentPath, entry.name), entry.isDirectory() ? 0o700 : 0o600)
  }
}

/**
 * Embedded PostgreSQL (WebAssembly) persisted in `dataDir`, one connection per process, run on its
 * own worker thread (server/db/pglite-worker.ts, docs/decisions/019-pglite-on-its-own-thread.md):
 * the event loop hands it statements and goes on with other requests while the database works on
 * the second core. PGlite queues queries and transactions, so they never interleave; a query
 * outside a transaction waits while one is open. Only one process may open a dataDir.
 *
 * Durability: with relaxedDurability off (the default, set explicitly in the worker) every query
 * waits until PGlite has handed its writes to the filesystem before it resolves, so a lead is on
 * disk (in the OS page cache) before the API answers OK and survives the process being killed.
 * PGlite runs PostgreSQL with fsync off, so surviving a power loss needs DATABASE_URL.
 *
 * `template`: a migrated data folder that a new `dataDir` starts as a copy of.
 */
export async function openPgliteDatabase(
  dataDir: string,
  { template }: { template?: string } = {},
): Promise<Database> {
  // Every lead is in these files: owner-only, whoever opens them (the server, `npm run staff`, a
  // benchmark). PGlite sets its files' modes itself, whatever the process's umask: 0666 from its
  // initdb, 0644 or 0600 later. So the tree is tightened once open and again at close; a file
  // made in between is out of other users' reach behind the 0700 folder.
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  await chmod(dataDir, 0o700)
  // A new folder: a copy of the migrated template when there is one (a first start in seconds),
  // otherwise PGlite's initdb.
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    if (template && existsSync(path.join(template, 'PG_VERSION'))) await copyTemplate(template, dataDir)
    else await initializeDataDir(dataDir)
  }
  const worker = new Worker(workerUrl, { workerData: { dataDir } })
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: unknown) => void }>()
  let nextId = 1
  let failure: Error | undefined

  const ready = new Promise<void>((resolve, reject) => {
    pending.set(0, { resolve: () => resolve(), reject })
  })
  worker.on('message', (reply: Reply) => {
    const waiting = pending.get(reply.id)
    if (!waiting) return
    pending.delete(reply.id)
    if (reply.ok) waiting.resolve(reply.value)
    else waiting.reject(databaseError(reply.error))
  })
  const fail = (error: Error) => {
    failure = error
    for (const waiting of pending.values()) waiting.reject(error)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', (code) => fail(new Error(`the embedded database's thread stopped (exit code ${code})`)))
  await ready
  // After the start, which writes its caches (pg_internal.init) 0644.
  await ownerOnlyTree(dataDir)

  function call(request: Call): Promise<unknown> {
    if (failure) return Promise.reject(failure)
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      worker.postMessage({ ...request, id })
    })
  }

  function queryable(tx?: number): Queryable {
    return {
      query: async <T>(sql: string, params: readonly unknown[] = []) =>
        (await call({
          op: 'query',
          sql,
          params: [...params],
          ...(tx === undefined ? {} : { tx }),
        })) as T[],
      exec: async (sql: string) => {
        await call({ op: 'exec', sql, ...(tx === undefined ? {} : { tx }) })
      },
    }
  }

  return {
    driver: 'pglite',
    ...queryable(),
    async transaction(fn) {
      const tx = (await call({ op: 'begin' })) as number
      let result: Awaited<ReturnType<typeof fn>>
      try {
        result = await fn(queryable(tx))
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined)
        throw error
      }
      await call({ op: 'end', tx, commit: true })
      return result
    },
    async snapshot() {
      return new Blob([(await call({ op: 'snapshot' })) as Uint8Array<ArrayBuffer>])
    },
    // One connection; PGlite queues what waits for it without saying how much.
    poolStats: () => ({ total: 1, idle: 0, waiting: 0 }),
    async close() {
      if (!failure) await call({ op: 'close' })
      await worker.terminate()
      await ownerOnlyTree(dataDir)
    },
  }
}
