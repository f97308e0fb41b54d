/**
 * `npm test`: the whole suite, its independent stages side by side on two cores
 * (docs/decisions/048-test-run-in-memory-and-in-three-groups.md). The type check, Biome, knip and
 * the layers (dependency-cruiser; one after another: each is short) run beside the build and then
 * Vitest's in-process files, which need the build (the built site, the migrated template). Vitest's
 * `processes` and `timed` files and the browser tests follow, one stage at a time: the browser
 * tests and the timed files have time bounds that assume the machine's cores are theirs, and the
 * process files run beside the browser tests slowed both (docs/bench/suite.md). A stage's output is
 * shown as one block when it ends, never interleaved with another's. Every stage runs even when one
 * fails; the exit code is 1 when any failed, and the last lines give each stage's time and how busy
 * the machine's cores were meanwhile (Linux's /proc/stat: every process counted, the databases' too).
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { setTimeout as delay } from 'node:timers/promises'

interface Stage {
  name: string
  command: string
}

interface Outcome {
  name: string
  ok: boolean
  seconds: number
  /** The share of the machine's CPU time that was busy while the stage ran. */
  busy: number | undefined
}

/** The machine's CPU time so far, busy and in all, in clock ticks; undefined without /proc/stat. */
function cpuTicks(): { busy: number; all: number } | undefined {
  try {
    const [, ...fields] = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/)
    const ticks = fields.map(Number)
    const all = ticks.reduce((sum, value) => sum + value, 0)
    // Idle and waiting for I/O.
    const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0)
    return { busy: all - idle, all }
  } catch {
    return undefined
  }
}

const checks: Stage[] = [
  { name: 'typecheck', command: 'npm run --silent typecheck' },
  { name: 'lint', command: 'npm run --silent lint' },
  { name: 'unused', command: 'npm run --silent unused' },
  { name: 'layers', command: 'npm run --silent lint:layers' },
]
const build: Stage = { name: 'build', command: 'npm run --silent build' }
/** One of Vitest's three groups (vitest.config.ts). */
function vitest(project: 'in-process' | 'processes' | 'timed'): Stage {
  return { name: `vitest ${project}`, command: `npm run --silent test:unit -- --project ${project}` }
}
const e2e: Stage = { name: 'playwright', command: 'npm run --silent test:e2e' }

/**
 * Runs one stage through the shell. `live` passes its output straight through (the stage that runs
 * alone at that moment); otherwise it is kept and printed when the stage ends.
 */
function runStage(stage: Stage, live: boolean): Promise<Outcome> {
  const started = performance.now()
  const ticksBefore = cpuTicks()
  return new Promise((resolve) => {
    const child = spawn(stage.command, {
      shell: true,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') },
    })
    const output: Buffer[] = []
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk))
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk))
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000
      const ticksAfter = cpuTicks()
      const busy =
        ticksBefore && ticksAfter && ticksAfter.all > ticksBefore.all
          ? (ticksAfter.busy - ticksBefore.busy) / (ticksAfter.all - ticksBefore.all)
          : undefined
      if (!live) process.stdout.write(Buffer.concat(output))
      const ok = code === 0
      console.log(
        `\n== ${stage.name}: ${ok ? 'passed' : `FAILED (exit code ${code})`} in ${seconds.toFixed(0)} s\n`,
      )
      resolve({ name: stage.name, ok, seconds, busy })
    })
  })
}

/**
 * Waits for Chromium when `scripts/run.sh test` is installing it beside the first stages
 * (CHROMIUM_INSTALL_LOG: its log; `<log>.status`: its exit code, written when it ends). False, with
 * the install's log shown, when it failed or did not end within 15 minutes.
 */
async function chromiumReady(): Promise<boolean> {
  const log = process.env.CHROMIUM_INSTALL_LOG
  if (!log) return true
  const status = `${log}.status`
  const waitUntil = performance.now() + 15 * 60_000
  while (!existsSync(status)) {
    if (performance.now() > waitUntil) {
      console.error(`Chromium's install did not end within 15 minutes (its log: ${log}).`)
      return false
    }
    await delay(1000)
  }
  const code = readFileSync(status, 'utf8').trim()
  if (code === '0') return true
  console.error(`Installing Chromium failed (exit code ${code}):\n${readFileSync(log, 'utf8')}`)
  return false
}

async function inOrder(stages: Stage[], live: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const stage of stages) outcomes.push(await runStage(stage, live))
  return outcomes
}

const started = performance.now()
// The checks' output waits; the build's, Vitest's and the browser tests' run live (a long stage
// shows progress).
const [checked, tested] = await Promise.all([
  inOrder(checks, false),
  (async () => {
    const built = await runStage(build, false)
    // Vitest and the browser tests need a build: without one they would only fail again.
    if (!built.ok) return [built]
    const vitestGroups = await inOrder([vitest('in-process'), vitest('processes'), vitest('timed')], true)
    const browser: Outcome = (await chromiumReady())
      ? await runStage(e2e, true)
      : { name: e2e.name, ok: false, seconds: 0, busy: undefined }
    return [built, ...vitestGroups, browser]
  })(),
])
const outcomes = [...checked, ...tested]

const total = (performance.now() - started) / 1000
console.log('Stage times:')
for (const outcome of outcomes) {
  const busy = outcome.busy === undefined ? '' : `  the cores ${Math.round(outcome.busy * 100)} % busy`
  console.log(
    `  ${outcome.name.padEnd(20)}${outcome.seconds.toFixed(0).padStart(5)} s  ${outcome.ok ? 'ok    ' : 'FAILED'}${busy}`,
  )
}
console.log(`  ${'whole suite'.padEnd(20)}${total.toFixed(0).padStart(5)} s`)
const failed = outcomes.filter((outcome) => !outcome.ok)
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((outcome) => outcome.name).join(', ')}`)
  process.exitCode = 1
}
