/**
 * `npm run bench:memory`: how much memory the real server holds, on each database: its resident
 * set (RSS, Linux /proc/<pid>/status) at idle after start and at its peak under the API benchmark's
 * load (POST /api/forms/contact-message, a new lead per request), then idle again after it. The
 * budget (docs/contracts.md, "Quality budgets"): the embedded database in ≤ 256 MB at idle and ≤ 384 MB under
 * load, so a small virtual server runs the site.
 *
 * Starts `node server/main.ts` (NODE_ENV=production) on a fresh DATA_DIR (PGlite) and on a fresh
 * PostgreSQL database (127.0.0.1:5432, as the server tests use it), like `npm run bench`. Writes
 * bench-results/memory.json.
 *
 * Options:
 *   --drivers <list>      pglite,postgres (default both)
 *   --idle <s>            seconds after start before the idle figure is read (default 10)
 *   --duration <s>        seconds of load (default 10)
 *   --connections <n>     concurrent connections (default 20)
 *   --restart             measure idle after a second start on the same data (no initdb in the process)
 *   --node-arg <flag>     an option for the server's node, repeatable (e.g. --node-arg=--liftoff-only:
 *                         V8 compiles WebAssembly with its baseline compiler only)
 *   --strict              exit 1 when the embedded database misses the budget
 */
import { randomBytes } from 'node:crypto'
import { cpus } from 'node:os'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import { getFormDefinition } from '#forms/registry.ts'
import { validPayload } from '#tests/server/helpers/form-payloads.ts'
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

const budgetMb = { idle: 256, load: 384 }

const { values: args } = parseArgs({
  options: {
    ...loadBenchOptions,
    idle: { type: 'string', default: '10' },
    restart: { type: 'boolean', default: false },
    'node-arg': { type: 'string', multiple: true, default: [] },
  },
})
const drivers = driversOf(args.drivers)
const idleSeconds = Number(args.idle)
const duration = Number(args.duration)
const connections = Number(args.connections)

interface MemoryResult {
  driver: BenchDriver
  /** RSS in MB after `idleSeconds` of idle after the server listens. */
  idleMb: number
  /** The highest RSS sampled (every 200 ms) under load. */
  loadPeakMb: number
  /** RSS in MB five seconds after the load stopped. */
  afterLoadMb: number
  /** The kernel's high-water mark of RSS over the whole run, start included (VmHWM). */
  highWaterMb: number
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

/** The benchmark's load: a new lead per request, each with its own solved proof of work. */
function load(url: string, runId: string): Promise<autocannon.Result> {
  return postLeads(url, {
    connections,
    seconds: duration,
    body,
    runId,
    nth: (n) => ({ body: body.replace('__N__', `${runId}-${n}`), proof: proofs[n % proofs.length] ?? '' }),
  })
}

function start(data: BenchData) {
  return data.startServer({ env: { IP_HASH_SALT: ipHashSalt }, nodeArgs: args['node-arg'] })
}

function measure(driver: BenchDriver): Promise<MemoryResult> {
  return withBenchData(driver, 'memory', async (data) => {
    let server = await start(data)
    if (args.restart) {
      await server.stop()
      server = await start(data)
    }
    const pid = server.process.pid
    process.stdout.write(`${driver}: idle ${idleSeconds} s, then ${duration} s of load…\n`)
    await delay(idleSeconds * 1000)
    const idle = await wholeMb(pid)
    let peak = idle.rss
    let loading = true
    const sampler = (async () => {
      while (loading) {
        peak = Math.max(peak, (await wholeMb(pid)).rss)
        await delay(200)
      }
    })()
    const result = await load(server.url, `memory-${driver}`)
    loading = false
    await sampler
    await delay(5000)
    const after = await wholeMb(pid)
    return {
      driver,
      idleMb: idle.rss,
      loadPeakMb: peak,
      afterLoadMb: after.rss,
      highWaterMb: after.hwm,
      requestsPerSecond: Math.round(result.requests.average),
      non2xx: result.non2xx + result.errors,
    }
  })
}

const loadBefore = noteLoadAverage()
process.stdout.write('Solving proofs of work before the runs…\n')
proofs = await solvedProofs(ipHashSalt, 5000 * (duration + 1))

const results: MemoryResult[] = []
for (const driver of drivers) {
  const result = await measure(driver)
  if (driver === 'pglite') {
    result.withinBudget = result.idleMb <= budgetMb.idle && result.loadPeakMb <= budgetMb.load
  }
  results.push(result)
}

const rows = [
  ['driver', 'idle MB', 'load peak MB', 'after load MB', 'high-water MB', 'req/s', 'errors', 'budget'],
  ...results.map((result) => [
    result.driver,
    String(result.idleMb),
    String(result.loadPeakMb),
    String(result.afterLoadMb),
    String(result.highWaterMb),
    String(result.requestsPerSecond),
    String(result.non2xx),
    result.withinBudget === undefined ? '-' : result.withinBudget ? 'met' : 'MISSED',
  ]),
]
printTable(rows)
console.log(
  `\nResident memory (RSS) of the server process; ${args.restart ? 'second start on the same data' : 'fresh data'}` +
    `${args['node-arg'].length ? `; node ${args['node-arg'].join(' ')}` : ''}.` +
    ` Budget (embedded database): idle ≤ ${budgetMb.idle} MB, under load ≤ ${budgetMb.load} MB.`,
)

await writeBenchResult('memory.json', {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  loadAverageBefore: loadBefore,
  restart: args.restart,
  nodeArgs: args['node-arg'],
  idleSeconds,
  durationSeconds: duration,
  connections,
  budgetMb,
  results,
})
if (args.strict && results.some((result) => result.withinBudget === false)) process.exit(1)
