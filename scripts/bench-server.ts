/**
 * The real server for the benchmarks (`npm run bench`, `bench:memory`, `bench:desk`): `node
 * server/main.ts` with NODE_ENV=production on a database of its own, PGlite in a new temporary
 * DATA_DIR or a new scratch PostgreSQL database (127.0.0.1:5432, as the server tests use it), all
 * of it stopped and removed afterwards whatever happened in between, so a failed run leaves no
 * server, database or folder behind. Also what the API benchmarks send it: solved proofs of work
 * and a stream of new leads.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import type { Database } from '#server/db/database.ts'
import { openDatabase } from '#server/db/open-database.ts'
import { createScratchDatabase, type ScratchDatabase } from '#tests/server/helpers/postgres-server.ts'
import {
  type ServerProcess,
  startServerProcess,
  vapidEnvironment,
} from '#tests/server/helpers/server-process.ts'
import { solvedProof } from '#tests/server/helpers/solved-proofs.ts'

export type BenchDriver = 'pglite' | 'postgres'

/** The options both load benchmarks of the API take (`npm run bench`, `bench:memory`), for parseArgs. */
export const loadBenchOptions = {
  drivers: { type: 'string', default: 'pglite,postgres' },
  duration: { type: 'string', default: '10' },
  connections: { type: 'string', default: '20' },
  strict: { type: 'boolean', default: false },
} as const

/** `--drivers pglite,postgres` as a list of drivers. */
export function driversOf(list: string): BenchDriver[] {
  return list.split(',').map((name) => name.trim()) as BenchDriver[]
}

export interface BenchServerOptions {
  /** Added to (or replacing) the production settings below: IP_HASH_SALT, DELIVERY_POLL_MS… */
  env?: Record<string, string>
  /** Options for the server's node (--cpu-prof…). */
  nodeArgs?: string[]
  /** Another server script on the same data (the anchor, another checkout's server/main.ts). */
  script?: string
}

export interface BenchData {
  dataDir: string
  /** The database the server uses, opened in this process: to fill it before the server starts. */
  openDatabase(): Promise<Database>
  /**
   * Starts a server on this data. Each start gets the same encryption key, so a second one reads
   * what the first stored. Every server started is stopped when `withBenchData` returns.
   */
  startServer(options?: BenchServerOptions): Promise<ServerProcess>
}

/**
 * Runs `run` on fresh data for `driver`: a temporary DATA_DIR named after the benchmark, and for
 * PostgreSQL a scratch database. `keep` leaves the DATA_DIR in place for a closer look.
 */
export async function withBenchData<T>(
  driver: BenchDriver,
  name: string,
  run: (data: BenchData) => Promise<T>,
  { keep = false }: { keep?: boolean } = {},
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `agency-${name}-${driver}-`))
  const logFile = `${dataDir}.log`
  const key = randomBytes(32).toString('hex')
  const servers: ServerProcess[] = []
  let scratch: ScratchDatabase | undefined
  try {
    if (driver === 'postgres') scratch = await createScratchDatabase()
    const databaseUrl = scratch?.url
    return await run({
      dataDir,
      openDatabase: () => openDatabase({ dataDir, databaseUrl }),
      async startServer({ env = {}, nodeArgs = [], script } = {}) {
        const server = await startServerProcess({
          // Its log into a file rather than through a pipe into this process, which makes the load.
          logFile,
          env: {
            NODE_ENV: 'production',
            DATA_DIR: dataDir,
            ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
            LEAD_ENCRYPTION_KEY: key,
            // Production refuses to start without the phone notifications' key pair.
            ...vapidEnvironment(),
            SUBMIT_RATE_LIMIT: '1000000/1s',
            // The delivery worker parked: the figures are the server's own, not the mail's.
            DELIVERY_POLL_MS: '3600000',
            ...env,
          },
          timeoutMs: 90_000,
          nodeArgs,
          ...(script ? { script } : {}),
        })
        servers.push(server)
        return server
      },
    })
  } finally {
    for (const server of servers) await server.stop()
    await scratch?.drop()
    if (!keep) await rm(dataDir, { recursive: true, force: true })
    await rm(logFile, { force: true })
  }
}

/** Resident memory of a process in MB, now (VmRSS) and at its highest so far (VmHWM); Linux only. */
export async function residentMb(pid: number | undefined): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 }
}

/**
 * Solved proofs of work for `count` submissions, made before a timed run so that solving them is
 * not counted as the server's cost. A proof is good for one submission (a reused one is stored as
 * spam), and only under the server's IP_HASH_SALT.
 */
export async function solvedProofs(ipHashSalt: string, count: number): Promise<string[]> {
  const proofs: string[] = []
  for (let index = 0; index < count; index++) proofs.push(await solvedProof(ipHashSalt, { maxNumber: 50 }))
  return proofs
}

export interface LeadLoad {
  connections: number
  seconds: number
  /** The JSON body autocannon starts from (its first request's). */
  body: string
  /** Each request's Idempotency-Key is `<runId>-<n>`: a new lead each, not an idempotent replay. */
  runId: string
  /** The body and the proof of work of the n-th request (from 1). */
  nth(n: number): { body: string; proof: string }
}

/** Autocannon posting the contact form on loopback: one new lead per request. */
export function postLeads(url: string, load: LeadLoad): Promise<autocannon.Result> {
  let counter = 0
  return autocannon({
    url,
    connections: load.connections,
    duration: load.seconds,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/forms/contact-message',
        headers: { 'content-type': 'application/json' },
        body: load.body,
        setupRequest(request) {
          counter++
          const { body, proof } = load.nth(counter)
          return {
            ...request,
            body,
            headers: {
              ...request.headers,
              'idempotency-key': `${load.runId}-${counter}`,
              'x-proof-of-work': proof,
            },
          }
        },
      },
    ],
  })
}
