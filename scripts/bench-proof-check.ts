/**
 * What checking one proof of work costs the server: 10,000 distinct solved proofs, each checked by
 * our node:crypto check (`solutionHolds`) and by altcha-lib's own `verifySolution`, both behind the
 * same spelling check (`canonicalPayload`). Prints wall time and CPU time (all threads, so the
 * WebCrypto thread pool's share counts) in µs per check, one at a time and with 64 in flight (as
 * under load, when many requests wait on the pool at once). docs/decisions/027-proof-of-work-check.md
 * records the figures and what was decided from them.
 *
 * Usage: node scripts/bench-proof-check.ts [--count 10000] [--rounds 5]
 */
import { parseArgs } from 'node:util'
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { canonicalPayload, proofHeader, solutionHolds } from '#server/spam/proof-verifier.ts'

const { values: args } = parseArgs({
  options: { count: { type: 'string', default: '10000' }, rounds: { type: 'string', default: '5' } },
})
const count = Number(args.count)
const rounds = Number(args.rounds)
const hmacKey = 'a key for the proof-of-work benchmark'

// Made with the number given, so no solving: the header is what a browser would send.
const headers: string[] = []
for (let index = 0; index < count; index++) {
  const challenge = await createChallenge({
    hmacKey,
    number: index % 50_000,
    expires: new Date(Date.now() + 3_600_000),
    params: { issued: String(Date.now()) },
  })
  headers.push(proofHeader({ ...challenge, algorithm: 'SHA-256', number: index % 50_000 }))
}

type Check = (header: string) => boolean | Promise<boolean>

const checks: Record<string, Check> = {
  'node:crypto (solutionHolds)': (header) => {
    const payload = canonicalPayload(header)
    return payload !== null && solutionHolds(payload, hmacKey)
  },
  'altcha-lib verifySolution': async (header) => {
    const payload = canonicalPayload(header)
    return payload !== null && (await verifySolution(payload, hmacKey, false))
  },
}

async function timed(check: Check, inFlight: number): Promise<{ wallUs: number; cpuUs: number }> {
  const cpu = process.cpuUsage()
  const start = performance.now()
  for (let first = 0; first < headers.length; first += inFlight) {
    const results = await Promise.all(headers.slice(first, first + inFlight).map((header) => check(header)))
    if (!results.every(Boolean)) throw new Error('a valid proof was refused')
  }
  const wallMs = performance.now() - start
  const { user, system } = process.cpuUsage(cpu)
  return { wallUs: (wallMs * 1000) / headers.length, cpuUs: (user + system) / headers.length }
}

const median = (values: number[]) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0

for (const inFlight of [1, 64]) {
  const samples = new Map<string, { wall: number[]; cpu: number[] }>()
  for (let round = 0; round <= rounds; round++) {
    // Alternated, so drift on a shared machine falls on both alike; round 0 only warms up.
    for (const [name, check] of Object.entries(checks)) {
      const { wallUs, cpuUs } = await timed(check, inFlight)
      if (round === 0) continue
      const sample = samples.get(name) ?? { wall: [], cpu: [] }
      sample.wall.push(wallUs)
      sample.cpu.push(cpuUs)
      samples.set(name, sample)
    }
  }
  for (const [name, { wall, cpu }] of samples) {
    process.stdout.write(
      `${inFlight} in flight, ${name}: ${median(wall).toFixed(1)} µs wall, ${median(cpu).toFixed(1)} µs CPU per check ` +
        `(median of ${rounds} rounds of ${count}; wall ${Math.min(...wall).toFixed(1)}-${Math.max(...wall).toFixed(1)})\n`,
    )
  }
}
