/**
 * `npm test`: the whole suite, its independent stages side by side on two cores
 * (docs/decisions/048-test-run-in-memory-and-in-three-groups.md). The type check, Biome, knip and
 * the layers (dependency-cruiser; one after another: each is short) run beside the build and then
 * Vitest's in-process files, which need the build (the built site, the migrated template) and keep
 * both cores busy. Then the browser tests run beside Vitest's `processes` files, which mostly wait
 * on the servers and scripts they start; Vitest's `timed` files (time bounds) run last, alone. A
 * stage's output is shown as one block when it ends, never interleaved with another's. Every stage
 * runs even when one fails; the exit code is 1 when any failed, and the last lines give each
 * stage's time.
 */
import { spawn } from 'node:child_process'

interface Stage {
  name: string
  command: string
}

interface Outcome {
  name: string
  ok: boolean
  seconds: number
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
      if (!live) process.stdout.write(Buffer.concat(output))
      const ok = code === 0
      console.log(
        `\n== ${stage.name}: ${ok ? 'passed' : `FAILED (exit code ${code})`} in ${seconds.toFixed(0)} s\n`,
      )
      resolve({ name: stage.name, ok, seconds })
    })
  })
}

async function inOrder(stages: Stage[], live: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = []
  for (const stage of stages) outcomes.push(await runStage(stage, live))
  return outcomes
}

const started = performance.now()
// The checks' output waits; the build's, Vitest's and the browser tests' run live (a long stage
// shows progress); the `processes` files' output waits for the browser tests beside them.
const [checked, tested] = await Promise.all([
  inOrder(checks, false),
  (async () => {
    const built = await runStage(build, false)
    // Vitest and the browser tests need a build: without one they would only fail again.
    if (!built.ok) return [built]
    const inProcess = await runStage(vitest('in-process'), true)
    const [browser, processes] = await Promise.all([
      runStage(e2e, true),
      runStage(vitest('processes'), false),
    ])
    return [built, inProcess, processes, browser, await runStage(vitest('timed'), true)]
  })(),
])
const outcomes = [...checked, ...tested]

const total = (performance.now() - started) / 1000
console.log('Stage times:')
for (const outcome of outcomes)
  console.log(
    `  ${outcome.name.padEnd(20)}${outcome.seconds.toFixed(0).padStart(5)} s  ${outcome.ok ? 'ok' : 'FAILED'}`,
  )
console.log(`  ${'whole suite'.padEnd(20)}${total.toFixed(0).padStart(5)} s`)
const failed = outcomes.filter((outcome) => !outcome.ok)
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((outcome) => outcome.name).join(', ')}`)
  process.exitCode = 1
}
