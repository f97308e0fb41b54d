/**
 * `npm run bench`: the API budget of docs/contracts.md ("Quality budgets") — POST /api/forms/contact-message on the
 * embedded database: ≥ 1,500 req/s with p99 ≤ 50 ms and 0 errors.
 *
 * Starts the real server (`node server/main.ts`, NODE_ENV=production) as a child process, on PGlite
 * in a fresh temporary DATA_DIR and then on a fresh PostgreSQL database, and runs autocannon on
 * loopback against it: a valid JSON body and a unique Idempotency-Key per request, so every request
 * stores a new lead and its delivery job, as a real submission does. Prints a table and writes
 * bench-results/api.json. Before each, in the same run, the anchor (scripts/bench-anchor-server.ts:
 * bare Fastify, same JSON, one INSERT) on the same database; the table prints our ratio to it.
 * Each request carries its own solved proof of work (else the server stores it as spam). Builds nothing (the API does not need the site build).
 *
 * Options:
 *   --duration <s>        seconds measured per driver (default 10), after a 2 s warm-up
 *   --rounds <n>          anchor and server measured this many times each, alternately (default 2):
 *                         the machine's speed drifts between runs, so the ratio is taken of the
 *                         best of each, and each round's figures are printed too
 *   --connections <n>     concurrent connections (default 20)
 *   --drivers <list>      pglite,postgres (default both; postgres needs a server, see below)
 *   --delivery            leave the delivery worker on (it writes an .eml file per lead, SMTP_URL
 *                         being unset); by default it is parked (DELIVERY_POLL_MS of an hour) so
 *                         the figures measure the API alone
 *   --strict              exit 1 when the PGlite run misses the budget
 *   --proofs-per-second <n>  proofs of work solved before the runs, per second of a run (default
 *                         10000; a machine that stored 7,700 leads a second on PostgreSQL ran out
 *                         of 6000, and a reused proof is stored as spam, a cheaper path)
 *   --node-args "<flags>" the server's node options instead of production's (scripts/serving.ts, with
 *                         its MALLOC_ARENA_MAX); "" for a bare node
 *   --baseline-node-args "<flags>"  node options of the --baseline server (default none): with
 *                         `--baseline .` this checkout's server with and without options, alternated
 *   --profile             write the server's CPU profile (node --cpu-prof) to bench-results/profiles
 *   --baseline <dir>      compare with another checkout's server instead of the anchor (e.g. one made
 *                         with `git worktree add /tmp/base <commit>` and `npm install` or a link to
 *                         this node_modules): it gets the same requests, proofs included, in the
 *                         anchor's place; the median of the rounds' ratios is the figure to read,
 *                         as the machine's speed moves between rounds. Written to api-baseline.json.
 *   --same-text           also measure, in each round, the server receiving one text for the whole
 *                         run (the shape of a spam wave) on a database that already holds 50,000
 *                         copies of that text from 5,000 addresses, beside the varied texts: the
 *                         repeated-text check must cost the same whatever the size of the wave
 *                         (within 15 %, docs/contracts.md "Quality budgets")
 * PostgreSQL: 127.0.0.1:5432 as the server tests use it (PGHOST, PGPORT, PGUSER override).
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { cpus } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type autocannon from 'autocannon'
import type { FormDefinition } from '#forms/engine.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { validateSubmission } from '#forms/schema.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { withoutHoneypot } from '#server/leads/honeypot.ts'
import { fingerprintKeyFrom, textFingerprint } from '#server/leads/submission-metadata.ts'
import { sensitiveFieldNames } from '#server/security/sensitive-fields.ts'
import { validPayload } from '#tests/server/helpers/form-payloads.ts'
import { noteLoadAverage, printTable, writeBenchResult } from './bench-report.ts'
import {
  type BenchDriver,
  driversOf,
  loadBenchOptions,
  postLeads,
  solvedProofs,
  withBenchData,
} from './bench-server.ts'
import { median } from './median.ts'
import { cpuMs, msPerTick, statCpuMs } from './process-cpu.ts'
import { servingEnvironment, servingNodeArgs } from './serving.ts'

const anchorScript = path.join(import.meta.dirname, 'bench-anchor-server.ts')

const root = path.join(import.meta.dirname, '..')
const budget = { requestsPerSecond: 1500, p99Ms: 50, errors: 0 }

const { values: args } = parseArgs({
  options: {
    ...loadBenchOptions,
    rounds: { type: 'string', default: '2' },
    delivery: { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    baseline: { type: 'string' },
    'proofs-per-second': { type: 'string', default: '10000' },
    'same-text': { type: 'boolean', default: false },
    'node-args': { type: 'string' },
    'baseline-node-args': { type: 'string', default: '' },
  },
})
/** `--node-args "<flags>"` as a list; production's options (scripts/serving.ts) when not given. */
const serverNodeArgs =
  args['node-args'] === undefined ? servingNodeArgs : args['node-args'].split(/\s+/).filter(Boolean)
const baselineNodeArgs = args['baseline-node-args'].split(/\s+/).filter(Boolean)
const servingEnv = servingEnvironment.MALLOC_ARENA_MAX === 'default' ? {} : servingEnvironment
const duration = Number(args.duration)
const rounds = Math.max(1, Number(args.rounds))
const connections = Number(args.connections)
/** The server of another checkout, run in the anchor's place (--baseline). */
const baselineScript = args.baseline ? path.resolve(args.baseline, 'server', 'main.ts') : undefined
if (baselineScript && !existsSync(baselineScript)) throw new Error(`--baseline: no ${baselineScript}`)
/** What the server is compared with, as the output names it. */
const comparedWith = baselineScript ? 'baseline' : 'anchor'
const drivers = driversOf(args.drivers)

interface DriverResult {
  driver: BenchDriver
  /**
   * `server`: the real server; `anchor`: scripts/bench-anchor-server.ts (parse + one INSERT);
   * `same-text`: the real server sent one text throughout, over a stored wave of it (--same-text).
   */
  target: 'server' | 'anchor' | 'same-text'
  /** 1, 2…: anchor and server alternate, one of each per round. */
  round: number
  requestsPerSecond: number
  latencyMs: { average: number; p50: number; p90: number; p99: number; max: number }
  /**
   * CPU time the server process used per request answered (user + system, Linux /proc): unlike
   * req/s, hardly affected by other work on the machine. 1000 / this ≈ req/s the server could
   * answer with a core to itself (it runs on one thread, PGlite included).
   */
  serverCpuMsPerRequest: number | undefined
  /** The same by kind of thread (cpuMsByThread): where the server's CPU goes. */
  serverCpuMsPerRequestByThread: Record<string, number>
  /** CPU of this process (autocannon) per request: it runs on the same cores as the server. */
  loadGeneratorCpuMsPerRequest: number
  /**
   * CPU of the whole machine per request (all processes; Linux). Less the server's and the load
   * generator's, the rest is the database server's (PostgreSQL) and anything else running.
   */
  machineCpuMsPerRequest: number | undefined
  requests: number
  ok: number
  errors: number
  timeouts: number
  non2xx: number
  /**
   * Leads stored during the measured run, from the delivery jobs waiting (delivery parked). Up to
   * `connections` more than `ok`: requests still in flight when autocannon stops are not counted.
   */
  leadsStored: number | undefined
  withinBudget?: boolean
}

function benchForm(): FormDefinition {
  const found = getFormDefinition('contact-message')
  if (!found) throw new Error('contact-message is not registered')
  return found
}
const form = benchForm()
const body = JSON.stringify({
  ...validPayload(form, new Date()),
  firstName: 'Bench',
  lastName: 'Mark',
  msg: 'A benchmark lead: please ignore. Number __N__.',
})

/**
 * CPU milliseconds the whole machine has been busy so far, all cores together (Linux /proc/stat:
 * every state but idle and iowait); undefined elsewhere. Less the server and the load generator,
 * what is left is mostly the database server's when the driver is PostgreSQL.
 */
async function machineBusyMs(): Promise<number | undefined> {
  try {
    const line = (await readFile('/proc/stat', 'utf8')).split('\n')[0] ?? ''
    const ticks = line.trim().split(/\s+/).slice(1).map(Number)
    // user nice system idle iowait irq softirq steal guest guest_nice (guest is within user)
    const busy = ticks
      .slice(0, 8)
      .reduce((sum, value, index) => (index === 3 || index === 4 ? sum : sum + value), 0)
    return Number.isFinite(busy) ? busy * msPerTick : undefined
  } catch {
    return undefined
  }
}

/**
 * CPU milliseconds so far per kind of thread of a process (Linux): Node names them MainThread (the
 * event loop), WorkerThread (PGlite's, decision 019), V8Worker (the collector's helpers),
 * libuv-worker (the thread pool). Empty elsewhere.
 */
async function cpuMsByThread(pid: number | undefined): Promise<Record<string, number>> {
  const byName: Record<string, number> = {}
  if (pid === undefined) return byName
  try {
    for (const task of await readdir(`/proc/${pid}/task`)) {
      const stat = await readFile(`/proc/${pid}/task/${task}/stat`, 'utf8').catch(() => '')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      const ms = statCpuMs(stat)
      if (name && ms !== undefined) byName[name] = (byName[name] ?? 0) + ms
    }
  } catch {
    // Not Linux: no figures per thread.
  }
  return byName
}

/**
 * JSON posts without a solved proof of work are stored as spam (no delivery job), and a proof is
 * good for one submission: each request gets its own real, solved proof, all made before the timed
 * run so their cost is not the server's. Solved with the server's IP_HASH_SALT, fixed per run.
 */
const ipHashSalt = randomBytes(16).toString('hex')
const proofsPerSecond = Number(args['proofs-per-second'])
let proofs: string[] = []
let proofsUsed = 0
let proofsExhausted = false

/** Copies of the one text stored before a --same-text run, and the addresses they came from. */
const wave = { copies: 50_000, addresses: 5_000 }

/**
 * Stores the wave a --same-text run meets, before its server starts: `wave.copies` spam leads of
 * the run's one text from `wave.addresses` addresses, and those addresses as the text's senders,
 * fingerprinted as the server fingerprints the text (same IP_HASH_SALT, so the same key).
 */
async function storeWave(db: Database): Promise<void> {
  await runMigrations(db)
  const fields = withoutHoneypot(form, validated(JSON.parse(body)))
  const textHash = textFingerprint(
    fingerprintKeyFrom(ipHashSalt),
    form.key,
    fields,
    sensitiveFieldNames(form),
  )
  await db.query(
    `INSERT INTO leads (form_key, fields, language, ip_hash, is_spam, body_hash, reference)
     SELECT $1, $2::jsonb, 'en', 'wave-' || (n % $4), true, md5(n::text), 'WAVE' || n
       FROM generate_series(1, $3::int) AS n`,
    [form.key, JSON.stringify(fields), wave.copies, wave.addresses],
  )
  await db.query(
    `INSERT INTO text_senders (text_hash, ip_hash, last_sent_at)
     SELECT $1, 'wave-' || n, now() FROM generate_series(0, $2::int - 1) AS n`,
    [textHash, wave.addresses],
  )
}

function validated(values: unknown): Record<string, string> {
  const result = validateSubmission(form, values, new Date())
  if (!result.ok) throw new Error(`the benchmark's lead is invalid: ${JSON.stringify(result.fields)}`)
  return result.data
}

/** "bench-12" → "bench-bc": the digits as letters. */
function inLetters(text: string): string {
  return text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? '')
}

function run(
  url: string,
  seconds: number,
  runId: string,
  withProofs: boolean,
  sameText = false,
): Promise<autocannon.Result> {
  return postLeads(url, {
    connections,
    seconds,
    body,
    runId,
    nth(n) {
      // The anchor checks no proof: only the servers' requests use them up.
      const proof = withProofs ? (proofs[proofsUsed++ % proofs.length] ?? '') : ''
      if (withProofs && proofsUsed > proofs.length) proofsExhausted = true
      // A different text per lead, as real leads differ; with sameText the one text of a wave.
      // In letters: texts that differ only in digits are one text to the repeat check.
      return { body: sameText ? body : body.replace('__N__', inLetters(`${runId}-${n}`)), proof }
    },
  })
}

const label = (target: DriverResult['target']) => (target === 'anchor' ? comparedWith : target)

function benchDriver(
  driver: BenchDriver,
  target: DriverResult['target'],
  round: number,
): Promise<DriverResult> {
  return withBenchData(driver, 'bench', async (data) => {
    if (target === 'same-text') {
      const db = await data.openDatabase()
      try {
        await storeWave(db)
      } finally {
        await db.close()
      }
    }
    const server = await data.startServer({
      env: {
        IP_HASH_SALT: ipHashSalt,
        ...(args.delivery ? { DELIVERY_POLL_MS: '1000' } : {}),
        ...(target === 'anchor' ? {} : servingEnv),
      },
      ...(target === 'anchor' ? { script: baselineScript ?? anchorScript } : {}),
      nodeArgs: [
        ...(target === 'anchor' ? (baselineScript ? baselineNodeArgs : []) : serverNodeArgs),
        ...(args.profile
          ? ['--cpu-prof', `--cpu-prof-dir=${path.join(root, 'bench-results', 'profiles')}`]
          : []),
      ],
    })
    process.stdout.write(
      `${driver} ${label(target)} (round ${round}): warming up 2 s, then measuring ${duration} s with ${connections} connections…\n`,
    )
    proofsUsed = 0
    const withProofs = target !== 'anchor' || baselineScript !== undefined
    const sameText = target === 'same-text'
    const warm = await run(server.url, 2, `warm-${driver}-${target}`, withProofs, sameText)
    const cpuBefore = await cpuMs(server.process.pid)
    const threadsBefore = await cpuMsByThread(server.process.pid)
    const ownBefore = process.cpuUsage()
    const machineBefore = await machineBusyMs()
    const result = await run(server.url, duration, `bench-${driver}-${target}`, withProofs, sameText)
    const own = process.cpuUsage(ownBefore)
    const machineAfter = await machineBusyMs()
    const cpuAfter = await cpuMs(server.process.pid)
    const threadsAfter = await cpuMsByThread(server.process.pid)
    const perRequest = (ms: number) => Number((ms / Math.max(1, result.requests.total)).toFixed(3))
    const health =
      target !== 'anchor'
        ? ((await (await fetch(`${server.url}/api/health`)).json()) as { deliveries?: { waiting: number } })
        : {}
    const ok = result['2xx']
    return {
      driver,
      target,
      round,
      requestsPerSecond: Math.round(result.requests.average),
      latencyMs: {
        average: result.latency.average,
        p50: result.latency.p50,
        p90: result.latency.p90,
        p99: result.latency.p99,
        max: result.latency.max,
      },
      serverCpuMsPerRequest:
        cpuBefore === undefined || cpuAfter === undefined || result.requests.total === 0
          ? undefined
          : Number(((cpuAfter - cpuBefore) / result.requests.total).toFixed(3)),
      serverCpuMsPerRequestByThread: Object.fromEntries(
        Object.entries(threadsAfter).map(([name, ms]) => [name, perRequest(ms - (threadsBefore[name] ?? 0))]),
      ),
      loadGeneratorCpuMsPerRequest: perRequest((own.user + own.system) / 1000),
      machineCpuMsPerRequest:
        machineBefore === undefined || machineAfter === undefined
          ? undefined
          : perRequest(machineAfter - machineBefore),
      requests: result.requests.total,
      ok,
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      // With delivery parked, every stored lead still has its job waiting (the warm-up's too). A
      // wave's copies are spam, with no job.
      leadsStored:
        args.delivery || sameText || health.deliveries === undefined
          ? undefined
          : health.deliveries.waiting - warm['2xx'],
    }
  })
}

const loadBefore = noteLoadAverage()

const proofCount = proofsPerSecond * (duration + 2)
process.stdout.write(`Solving ${proofCount} proofs of work before the timed runs…\n`)
proofs = await solvedProofs(ipHashSalt, proofCount)

const results: DriverResult[] = []
// Anchor and server alternate per driver so both see about the same load from the rest of the machine.
for (const driver of drivers) {
  for (let round = 1; round <= rounds; round++) {
    results.push(await benchDriver(driver, 'anchor', round))
    results.push(await benchDriver(driver, 'server', round))
    if (args['same-text']) results.push(await benchDriver(driver, 'same-text', round))
  }
}
const ratio = (server: DriverResult | undefined, anchor: DriverResult | undefined) =>
  server && anchor && anchor.requestsPerSecond > 0
    ? Number((server.requestsPerSecond / anchor.requestsPerSecond).toFixed(2))
    : undefined
/** The ratio within one round: the server to the anchor measured just before it. */
const ratioOf = (result: DriverResult) =>
  ratio(
    result,
    results.find(
      (other) => other.driver === result.driver && other.target === 'anchor' && other.round === result.round,
    ),
  )
/** The fastest of the rounds, per driver and target. */
const bestOf = (driver: string, target: DriverResult['target']) =>
  results
    .filter((result) => result.driver === driver && result.target === target)
    .reduce<DriverResult | undefined>(
      (best, result) => (!best || result.requestsPerSecond > best.requestsPerSecond ? result : best),
      undefined,
    )
for (const result of results) {
  if (result.driver === 'pglite' && result.target === 'server') {
    result.withinBudget =
      result.requestsPerSecond >= budget.requestsPerSecond &&
      result.latencyMs.p99 <= budget.p99Ms &&
      result.errors + result.non2xx <= budget.errors
  }
}

const rows = [
  [
    'driver',
    'target',
    'round',
    'req/s',
    `× ${comparedWith}`,
    'p50 ms',
    'p99 ms',
    'max ms',
    'requests',
    'errors',
    'non-2xx',
    'cpu ms/req',
    'budget',
  ],
  ...results.map((result) => [
    result.driver,
    label(result.target),
    String(result.round),
    String(result.requestsPerSecond),
    result.target === 'anchor' ? '1' : String(ratioOf(result) ?? '-'),
    String(result.latencyMs.p50),
    String(result.latencyMs.p99),
    String(result.latencyMs.max),
    String(result.requests),
    String(result.errors),
    String(result.non2xx),
    String(result.serverCpuMsPerRequest ?? '-'),
    result.withinBudget === undefined ? '-' : result.withinBudget ? 'met' : 'MISSED',
  ]),
]
printTable(rows)
console.log('\nCPU ms per request by thread (server), of the load generator, and of the whole machine:')
for (const result of results) {
  const threads = Object.entries(result.serverCpuMsPerRequestByThread)
    .filter(([, ms]) => ms >= 0.001)
    .map(([name, ms]) => `${name} ${ms}`)
    .join(', ')
  console.log(
    `  ${result.driver} ${label(result.target)} ${result.round}: ${threads || '-'}; autocannon ${result.loadGeneratorCpuMsPerRequest}` +
      `; machine ${result.machineCpuMsPerRequest ?? '-'}`,
  )
}
console.log('')
/** The median of the rounds' ratios: steadier than the best of each when the machine's speed moves. */
const medianRatio = (driver: string) => {
  const ratios = results
    .filter((result) => result.driver === driver && result.target === 'server')
    .map(ratioOf)
    .filter((value) => value !== undefined)
  return ratios.length ? Number(median(ratios).toFixed(3)) : undefined
}
for (const driver of drivers) {
  if (baselineScript) {
    console.log(
      `${driver}: median of ${rounds} rounds: ${medianRatio(driver) ?? '-'}× the baseline (${args.baseline})`,
    )
    continue
  }
  const server = bestOf(driver, 'server')
  const anchor = bestOf(driver, 'anchor')
  const times = ratio(server, anchor)
  // The goal (docs/contracts.md, "Quality budgets"): at least the anchor's rate, p99 ≤ 30 ms, no errors.
  const goal =
    server !== undefined &&
    times !== undefined &&
    times >= 1 &&
    server.latencyMs.p99 <= 30 &&
    server.errors + server.non2xx === 0
  console.log(
    `${driver}: best of ${rounds}: server ${server?.requestsPerSecond} req/s (p99 ${server?.latencyMs.p99} ms),` +
      ` anchor ${anchor?.requestsPerSecond} req/s: ${times ?? '-'}× the anchor` +
      ` (goal ≥ 1× with p99 ≤ 30 ms and 0 errors: ${goal ? 'met' : 'missed'}); median of the rounds ${medianRatio(driver) ?? '-'}×`,
  )
}
console.log(
  `\nBudget (docs/contracts.md, PGlite): ≥ ${budget.requestsPerSecond} req/s, p99 ≤ ${budget.p99Ms} ms, 0 errors.` +
    ` Delivery worker ${args.delivery ? 'on (.eml files)' : 'parked'}; autocannon shares the machine's ${cpus().length} cores.`,
)
if (proofsExhausted) {
  console.log(
    `More requests than proofs (${proofs.length}): some reused proofs were stored as spam. Raise --proofs-per-second.`,
  )
}
/** The same-text run of a round over the varied-text run of the same round. */
const sameTextRatios = (driver: string) =>
  results
    .filter((result) => result.driver === driver && result.target === 'same-text')
    .map((sameText) => {
      const varied = results.find(
        (other) => other.driver === driver && other.target === 'server' && other.round === sameText.round,
      )
      return ratio(sameText, varied)
    })
if (args['same-text']) {
  for (const driver of drivers) {
    const ratios = sameTextRatios(driver).filter((value) => value !== undefined)
    const worst = ratios.length ? Math.min(...ratios) : undefined
    console.log(
      `${driver}: one text over a stored wave (${wave.copies} copies from ${wave.addresses} addresses): ` +
        `${ratios.join(', ') || '-'}× the varied texts per round` +
        ` (goal ≥ 0.85×: ${worst !== undefined && worst >= 0.85 ? 'met' : 'missed'})`,
    )
  }
}
for (const result of results) {
  if (result.target !== 'server') continue
  const stored = result.leadsStored
  // Each OK is a stored lead with its job; at most 2 × connections more (in flight at each stop).
  if (stored !== undefined && (stored < result.ok || stored > result.ok + 2 * connections)) {
    console.log(`${result.driver}: ${result.ok} answered OK but ${stored} leads with a delivery job stored!`)
  }
}

const report = {
  date: new Date().toISOString(),
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  loadAverageBefore: loadBefore,
  endpoint: 'POST /api/forms/contact-message',
  connections,
  durationSeconds: duration,
  uniqueIdempotencyKeyPerRequest: true,
  delivery: args.delivery ? 'on, .eml files' : 'parked',
  serverNodeArgs,
  serverEnvironment: servingEnv,
  baselineNodeArgs: baselineScript ? baselineNodeArgs : undefined,
  budget,
  anchor: baselineScript
    ? `baseline: ${baselineScript}`
    : 'scripts/bench-anchor-server.ts: bare Fastify, same JSON, one INSERT (PGlite / pg)',
  rounds,
  /** Per driver: the best server run over the best anchor run. */
  ratios: Object.fromEntries(
    drivers.map((driver) => [driver, ratio(bestOf(driver, 'server'), bestOf(driver, 'anchor'))]),
  ),
  medianRatios: Object.fromEntries(drivers.map((driver) => [driver, medianRatio(driver)])),
  ratiosPerRound: Object.fromEntries(
    drivers.map((driver) => [
      driver,
      results.filter((result) => result.driver === driver && result.target === 'server').map(ratioOf),
    ]),
  ),
  proofsExhausted,
  sameText: args['same-text']
    ? { wave, ratiosPerRound: Object.fromEntries(drivers.map((driver) => [driver, sameTextRatios(driver)])) }
    : undefined,
  results,
}
await writeBenchResult(baselineScript ? 'api-baseline.json' : 'api.json', report)
if (args.strict && results.some((result) => result.withinBudget === false)) process.exit(1)
