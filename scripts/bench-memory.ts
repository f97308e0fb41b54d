/**
 * `npm run bench:memory`: how much memory the real server holds, on each database, from the moment
 * its process starts: its resident set (RSS) and the kernel's high-water mark of it (VmHWM in
 * /proc/<pid>/status, every page the process ever had resident at once, so no peak between two
 * samples is missed), on a first start (a new DATA_DIR: the embedded database is created) and on a
 * second start on the same data, each then idle for a while and then under the API benchmark's
 * load (POST /api/forms/contact-message, a new lead per request). The budget (README, "Measured
 * figures"): the embedded database in ≤ 256 MB at idle and ≤ 384 MB at its peak, first start
 * included, so a 512 MB virtual server runs the site.
 *
 * Starts the server as production does (`node <serving flags> server/main.ts` with NODE_ENV=production
 * and the systemd unit's MALLOC_ARENA_MAX: scripts/serving.ts) on a new DATA_DIR (PGlite) and on a new
 * PostgreSQL database (127.0.0.1:5432, as the server tests use it), like `npm run bench`, but with
 * its delivery worker at work (the leads' notifications written as .eml files). Prints a table and
 * writes bench-results/memory.json.
 *
 * Options:
 *   --drivers <list>      pglite,postgres (default both)
 *   --idle <s>            seconds after the server listens before the idle figure is read (default 10)
 *   --duration <s>        seconds of load (default 10)
 *   --connections <n>     concurrent connections (default 20)
 *   --node-args "<flags>" the server's node options instead of the serving ones (scripts/serving.ts);
 *                         "" for a bare node
 *   --arenas <n|default>  MALLOC_ARENA_MAX for the server instead of the serving one; "default" unsets it
 *   --strict              exit 1 when the embedded database misses the budget
 */
import { randomBytes } from 'node:crypto'
import { cpus } from 'node:os'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import { getFormDefinition } from '#forms/registry.ts'
import { validPayload } from '#tests/server/helpers/form-payloads.ts'
import type { ServerProcess } from '#tests/server/helpers/server-process.ts'
import { noteLoadAverage, printTable, writeBenchResult } from './bench-report.ts'
import {
  type BenchData,
  type BenchDriver,
  driversOf,
  loadBenchOptions,
  postLeads,
  residentMb,
  solvedProofs,
  withBenchData,
} from './bench-server.ts'
import { servingEnvironment, servingNodeArgs } from './serving.ts'

const budgetMb = { idle: 256, peak: 384 }

const { values: args } = parseArgs({
  options: {
    ...loadBenchOptions,
    idle: { type: 'string', default: '10' },
    'node-args': { type: 'string' },
    arenas: { type: 'string' },
  },
})
const drivers = driversOf(args.drivers)
const idleSeconds = Number(args.idle)
const duration = Number(args.duration)
const connections = Number(args.connections)
const nodeArgs =
  args['node-args'] === undefined ? servingNodeArgs : args['node-args'].split(/\s+/).filter(Boolean)
const arenas = args.arenas ?? servingEnvironment.MALLOC_ARENA_MAX
const serverEnv: Record<string, string> = arenas === 'default' ? {} : { MALLOC_ARENA_MAX: arenas }

type StartKind = 'first' | 'second'

interface MemoryResult {
  driver: BenchDriver
  /** First start: a new DATA_DIR (or a new PostgreSQL database); second: the same data again. */
  start: StartKind
  /** From spawning node to "Server listening". */
  listenSeconds: number
  /** VmHWM when the server listens: the start's peak. */
  startPeakMb: number
  /** RSS in MB `idleSeconds` after the server listens. */
  idleMb: number
  /** VmHWM after the load: the peak of the process's whole life, start included. */
  peakMb: number
  /** RSS in MB five seconds after the load stopped. */
  afterLoadMb: number
  requestsPerSecond: number
  non2xx: number
  withinBudget?: boolean
}

/** VmRSS and VmHWM of a process, in whole MB. */
async function wholeMb(pid: number | undefined): Promise<{ rss: number; hwm: number }> {
  const { rss, hwm } = await residentMb(pid)
  return { rss: Math.round(rss), hwm: Math.round(hwm) }
}

const form = getFormDefinition('contact-message')
if (!form) throw new Error('contact-message is not registered')
const body = JSON.stringify({
  ...validPayload(form, new Date()),
  firstName: 'Bench',
  lastName: 'Memory',
  msg: 'A memory benchmark lead: please ignore. Number __N__.',
})
const ipHashSalt = randomBytes(16).toString('hex')
let proofs: string[] = []
let proofsUsed = 0

/** The benchmark's load: a new lead per request, each with its own solved proof of work. */
function load(url: string, runId: string): Promise<autocannon.Result> {
  return postLeads(url, {
    connections,
    seconds: duration,
    body,
    runId,
    nth: (n) => ({
      body: body.replace('__N__', `${runId}-${n}`),
      proof: proofs[proofsUsed++ % proofs.length] ?? '',
    }),
  })
}

/** One start of the server on `data`: its start, idle and load figures, then it is stopped. */
async function measureStart(data: BenchData, driver: BenchDriver, start: StartKind): Promise<MemoryResult> {
  const spawned = performance.now()
  const server: ServerProcess = await data.startServer({
    // The delivery worker at work, as in production (bench-server.ts parks it): the notifications
    // of the load are written as .eml files while it runs, not left for the second start to send.
    env: { IP_HASH_SALT: ipHashSalt, DELIVERY_POLL_MS: '1000', ...serverEnv },
    nodeArgs,
  })
  const listenSeconds = (performance.now() - spawned) / 1000
  const pid = server.process.pid
  const atListen = await wholeMb(pid)
  process.stdout.write(
    `${driver}, ${start} start: listening after ${listenSeconds.toFixed(1)} s; idle ${idleSeconds} s, then ${duration} s of load…\n`,
  )
  await delay(idleSeconds * 1000)
  const idle = await wholeMb(pid)
  const result = await load(server.url, `memory-${driver}-${start}`)
  await delay(5000)
  const after = await wholeMb(pid)
  await server.stop()
  return {
    driver,
    start,
    listenSeconds: Math.round(listenSeconds * 10) / 10,
    startPeakMb: atListen.hwm,
    idleMb: idle.rss,
    peakMb: after.hwm,
    afterLoadMb: after.rss,
    requestsPerSecond: Math.round(result.requests.average),
    non2xx: result.non2xx + result.errors,
  }
}

function measure(driver: BenchDriver): Promise<MemoryResult[]> {
  return withBenchData(driver, 'memory', async (data) => [
    await measureStart(data, driver, 'first'),
    await measureStart(data, driver, 'second'),
  ])
}

const loadBefore = noteLoadAverage()
process.stdout.write('Solving proofs of work before the runs…\n')
// About 1,000 a second of load for each start: more than this machine's server answers (a proof
// used twice still gets an answer, the lead then stored as spam).
proofs = await solvedProofs(ipHashSalt, 2 * 1000 * (duration + 1))

const results: MemoryResult[] = []
for (const driver of drivers) {
  for (const result of await measure(driver)) {
    if (driver === 'pglite') {
      result.withinBudget = result.idleMb <= budgetMb.idle && result.peakMb <= budgetMb.peak
    }
    results.push(result)
  }
}

const rows = [
  [
    'driver',
    'start',
    'listen s',
    'start peak MB',
    'idle MB',
    'peak MB',
    'after load MB',
    'req/s',
    'errors',
    'budget',
  ],
  ...results.map((result) => [
    result.driver,
    result.start,
    result.listenSeconds.toFixed(1),
    String(result.startPeakMb),
    String(result.idleMb),
    String(result.peakMb),
    String(result.afterLoadMb),
    String(result.requestsPerSecond),
    String(result.non2xx),
    result.withinBudget === undefined ? '-' : result.withinBudget ? 'met' : 'MISSED',
  ]),
]
printTable(rows)
console.log(
  `\nResident memory (RSS) of the server process: start peak = VmHWM when it listens; idle = RSS ${idleSeconds} s later;` +
    ` peak = VmHWM after ${duration} s of load (the whole process, start included); after load = RSS 5 s later.` +
    ` node ${nodeArgs.length ? nodeArgs.join(' ') : '(no options)'}, MALLOC_ARENA_MAX ${serverEnv.MALLOC_ARENA_MAX ?? 'unset'}.` +
    ` Budget (embedded database): idle ≤ ${budgetMb.idle} MB, peak ≤ ${budgetMb.peak} MB.`,
)

await writeBenchResult('memory.json', {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverageBefore: loadBefore,
  nodeArgs,
  mallocArenaMax: serverEnv.MALLOC_ARENA_MAX ?? null,
  idleSeconds,
  durationSeconds: duration,
  connections,
  budgetMb,
  results,
})
if (args.strict && results.some((result) => result.withinBudget === false)) process.exit(1)
