/**
 * `npm run bench:memory`: how much memory the real server holds, on each database: its resident
 * set (RSS, Linux /proc/<pid>/status) at idle after start and at its peak under the API benchmark's
 * load (POST /api/forms/contact-message, a new lead per request), then idle again after it. The
 * budget (README, "Measured figures"): the embedded database in ≤ 256 MB at idle and ≤ 384 MB under
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
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { getFormDefinition } from '../forms/registry.ts'
import { validPayload } from '../tests/server/helpers/form-payloads.ts'
import { createScratchDatabase, type ScratchDatabase } from '../tests/server/helpers/postgres-server.ts'
import { solvedProof } from '../tests/server/helpers/proof-of-work.ts'
import { type ServerProcess, startServerProcess } from '../tests/server/helpers/server-process.ts'

const root = path.join(import.meta.dirname, '..')
const budgetMb = { idle: 256, load: 384 }

const { values: args } = parseArgs({
  options: {
    drivers: { type: 'string', default: 'pglite,postgres' },
    idle: { type: 'string', default: '10' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '20' },
    restart: { type: 'boolean', default: false },
    'node-arg': { type: 'string', multiple: true, default: [] },
    strict: { type: 'boolean', default: false },
  },
})
const drivers = args.drivers.split(',').map((name) => name.trim()) as ('pglite' | 'postgres')[]
const idleSeconds = Number(args.idle)
const duration = Number(args.duration)
const connections = Number(args.connections)

interface MemoryResult {
  driver: 'pglite' | 'postgres'
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

/** VmRSS and VmHWM of a process, in MB (Linux). */
async function residentMb(pid: number | undefined): Promise<{ rss: number; hwm: number }> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN)
  return { rss: Math.round(kb('VmRSS') / 1024), hwm: Math.round(kb('VmHWM') / 1024) }
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
const proofs: string[] = []

/** The benchmark's load: a new lead per request, each with its own solved proof of work. */
function load(url: string, runId: string): Promise<autocannon.Result> {
  let counter = 0
  return autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        path: '/api/forms/contact-message',
        headers: { 'content-type': 'application/json' },
        body,
        setupRequest(request) {
          counter++
          return {
            ...request,
            body: body.replace('__N__', `${runId}-${counter}`),
            headers: {
              ...request.headers,
              'idempotency-key': `${runId}-${counter}`,
              'x-proof-of-work': proofs[counter % proofs.length] ?? '',
            },
          }
        },
      },
    ],
  })
}

async function start(
  dataDir: string,
  scratch: ScratchDatabase | undefined,
  key: string,
): Promise<ServerProcess> {
  return startServerProcess({
    logFile: `${dataDir}.log`,
    env: {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
      LEAD_ENCRYPTION_KEY: key,
      IP_HASH_SALT: ipHashSalt,
      SUBMIT_RATE_LIMIT: '1000000/1s',
      // The delivery worker parked as in `npm run bench`: the figures are the API's.
      DELIVERY_POLL_MS: '3600000',
    },
    timeoutMs: 90_000,
    nodeArgs: args['node-arg'],
  })
}

async function measure(driver: 'pglite' | 'postgres'): Promise<MemoryResult> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `agency-memory-${driver}-`))
  const key = randomBytes(32).toString('hex')
  let scratch: ScratchDatabase | undefined
  let server: ServerProcess | undefined
  try {
    if (driver === 'postgres') scratch = await createScratchDatabase()
    server = await start(dataDir, scratch, key)
    if (args.restart) {
      await server.stop()
      server = await start(dataDir, scratch, key)
    }
    const pid = server.process.pid
    process.stdout.write(`${driver}: idle ${idleSeconds} s, then ${duration} s of load…\n`)
    await delay(idleSeconds * 1000)
    const idle = await residentMb(pid)
    let peak = idle.rss
    let loading = true
    const sampler = (async () => {
      while (loading) {
        peak = Math.max(peak, (await residentMb(pid)).rss)
        await delay(200)
      }
    })()
    const result = await load(server.url, `memory-${driver}`)
    loading = false
    await sampler
    await delay(5000)
    const after = await residentMb(pid)
    return {
      driver,
      idleMb: idle.rss,
      loadPeakMb: peak,
      afterLoadMb: after.rss,
      highWaterMb: after.hwm,
      requestsPerSecond: Math.round(result.requests.average),
      non2xx: result.non2xx + result.errors,
    }
  } finally {
    await server?.stop()
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
    await rm(`${dataDir}.log`, { force: true })
  }
}

const loadBefore = loadavg()[0] ?? 0
if (loadBefore > 0.5) {
  console.warn(`Note: the 1-minute load average is ${loadBefore.toFixed(2)}; other processes share the CPU.`)
}
process.stdout.write('Solving proofs of work before the runs…\n')
for (let index = 0; index < 5000 * (duration + 1); index++) {
  proofs.push(await solvedProof(ipHashSalt, { maxNumber: 50 }))
}

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
const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
console.log('')
for (const row of rows) console.log(row.map((cell, column) => cell.padStart(widths[column] ?? 0)).join('  '))
console.log(
  `\nResident memory (RSS) of the server process; ${args.restart ? 'second start on the same data' : 'fresh data'}` +
    `${args['node-arg'].length ? `; node ${args['node-arg'].join(' ')}` : ''}.` +
    ` Budget (embedded database): idle ≤ ${budgetMb.idle} MB, under load ≤ ${budgetMb.load} MB.`,
)

await mkdir(path.join(root, 'bench-results'), { recursive: true })
await writeFile(
  path.join(root, 'bench-results', 'memory.json'),
  `${JSON.stringify(
    {
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
    },
    null,
    2,
  )}\n`,
)
console.log('Written to bench-results/memory.json')
if (args.strict && results.some((result) => result.withinBudget === false)) process.exit(1)
