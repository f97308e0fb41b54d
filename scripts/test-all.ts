/**
 * `npm test`: the whole suite, its independent stages side by side on two cores. The type check,
 * Biome, knip and the layers (dependency-cruiser; one after another: each is short) run beside the
 * build and the Vitest tests, which need the build (the built site, the migrated template); the
 * browser tests come last, alone, since their time bounds assume the machine's cores are theirs. A
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
const unit: Stage = { name: 'vitest', command: 'npm run --silent test:unit' }
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
// The checks' output waits; the build's and then Vitest's run live (a long stage shows progress).
const [checked, built] = await Promise.all([
  inOrder(checks, false),
  (async () => {
    const outcome = await runStage(build, false)
    // Vitest and the browser tests need a build: without one they would only fail again.
    return outcome.ok ? [outcome, await runStage(unit, true)] : [outcome]
  })(),
])
const outcomes = [...checked, ...built]
if (built.length === 2) outcomes.push(await runStage(e2e, true))

const total = (performance.now() - started) / 1000
console.log('Stage times:')
for (const outcome of outcomes)
  console.log(
    `  ${outcome.name.padEnd(11)}${outcome.seconds.toFixed(0).padStart(5)} s  ${outcome.ok ? 'ok' : 'FAILED'}`,
  )
console.log(`  ${'whole suite'.padEnd(11)}${total.toFixed(0).padStart(5)} s`)
const failed = outcomes.filter((outcome) => !outcome.ok)
if (failed.length > 0) {
  console.error(`Failed: ${failed.map((outcome) => outcome.name).join(', ')}`)
  process.exitCode = 1
}
