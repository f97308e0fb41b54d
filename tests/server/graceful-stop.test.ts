/**
 * Graceful stop (docs/decisions/015-operations.md, "Stopping"): SIGTERM in the middle of a burst of
 * submissions. The server stops accepting, answers what it had, exits 0; after a restart every lead
 * that was answered 200 is stored and mailed exactly once, and nothing is mailed twice.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { startLeadLoad } from './helpers/lead-load.ts'
import { startServerProcess, waitFor } from './helpers/server-process.ts'
import { startSmtpSink } from './helpers/smtp-sink.ts'
import { solvedProof } from './helpers/solved-proofs.ts'

const ipHashSalt = 'graceful-tests-salt-0123456789'
const metricsToken = 'graceful-tests-monitor-0123456'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

it('keeps and mails once every lead answered 200 before a SIGTERM in a burst', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-graceful-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const sink = await startSmtpSink()
  cleanups.push(() => sink.close())
  const env = {
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    // Only the agency's notifications are counted here: the visitor's copy is tested on its own
    // (tests/server/visitor-confirmation.test.ts).
    VISITOR_CONFIRMATION: 'off',
    IP_HASH_SALT: ipHashSalt,
    METRICS_TOKEN: metricsToken,
    LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
    SUBMIT_RATE_LIMIT: '100000/1s',
    DELIVERY_POLL_MS: '50',
  }
  const first = await startServerProcess({ env, timeoutMs: 90_000 })
  cleanups.push(() => first.kill())
  const load = startLeadLoad({ url: first.url, ipHashSalt, prefix: 'sigterm', concurrency: 8 })
  await load.untilAcknowledged(25)
  first.process.kill('SIGTERM')
  await first.exited()
  await load.stop()
  expect(first.process.exitCode).toBe(0)
  expect(first.output()).toContain('shutting down')

  const acknowledged = load.acknowledged()
  // Every answer was an OK, a 503 (arrived while closing) or a refused connection: never an error.
  for (const answer of load.answers) expect([200, 503, 0]).toContain(answer.status)
  expect(load.answers.filter((answer) => answer.status !== 200).length).toBeGreaterThan(0)

  const second = await startServerProcess({ env, timeoutMs: 90_000 })
  cleanups.push(() => second.kill())
  await waitFor(
    async () => {
      const response = await fetch(`${second.url}/api/health`, {
        headers: { authorization: `Bearer ${metricsToken}` },
      })
      const health = (await response.json()) as { deliveries?: { waiting: number } }
      return health.deliveries?.waiting === 0
    },
    { timeoutMs: 30_000, what: 'every notification to be sent after the restart' },
  )
  await second.stop()
  expect(second.process.exitCode).toBe(0)

  const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
  try {
    const leads = await db.query<{ id: string; reference: string; status: string }>(
      `SELECT l.id, l.reference, j.status FROM leads l JOIN delivery_jobs j ON j.lead_id = l.id`,
    )
    const byReference = new Map(leads.map((lead) => [lead.reference, lead]))
    const received = sink.byLeadId()
    for (const answer of acknowledged) {
      const lead = byReference.get(answer.reference ?? '')
      expect(lead, `lead ${answer.reference}`).toBeDefined()
      expect(lead?.status).toBe('sent')
      expect(received.get(lead?.id ?? ''), `mails of ${answer.reference}`).toHaveLength(1)
    }
    // Nothing twice: one message per stored lead, and no more.
    expect(sink.messages).toHaveLength(leads.length)
  } finally {
    await db.close()
  }
}, 240_000)

/** Posts leads from `concurrency` senders until stopped; keeps each answer's status or error code. */
function burst(url: string, concurrency: number) {
  const form = getFormDefinition('contact-message')
  if (!form) throw new Error('no contact-message form')
  const outcomes: string[] = []
  let stopped = false
  let sequence = 0
  async function sender(): Promise<void> {
    while (!stopped) {
      const proof = await solvedProof(ipHashSalt)
      try {
        const response = await fetch(`${url}/api/forms/contact-message`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `reset-${sequence++}`,
            'x-proof-of-work': proof,
          },
          body: JSON.stringify(validPayload(form as NonNullable<typeof form>, new Date())),
        })
        await response.arrayBuffer()
        outcomes.push(String(response.status))
      } catch (error) {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause
        outcomes.push(cause?.code ?? cause?.message ?? String(error))
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    }
  }
  const running = Promise.all(Array.from({ length: concurrency }, () => sender()))
  return {
    outcomes,
    async stop() {
      stopped = true
      await running
    },
  }
}

it('answers 200 or 503 during a SIGTERM on the embedded database, and answers 503 while it stops', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-graceful-reset-'))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env = {
    DATA_DIR: dataDir,
    IP_HASH_SALT: ipHashSalt,
    LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
    SUBMIT_RATE_LIMIT: '100000/1s',
  }
  // Four stops: a reset is a race, so one lucky stop proves little.
  for (let round = 0; round < 4; round++) {
    const server = await startServerProcess({ env, timeoutMs: 90_000 })
    cleanups.push(() => server.kill())
    const load = burst(server.url, 24)
    await waitFor(() => load.outcomes.filter((outcome) => outcome === '200').length >= 30, {
      timeoutMs: 60_000,
      what: 'a burst of stored leads',
    })
    server.process.kill('SIGTERM')
    await server.exited()
    // Senders still trying after the exit are refused: that is not the server resetting them.
    await load.stop()
    expect(server.process.exitCode).toBe(0)
    // What the server answered is 200 or 503, and it did answer 503 while stopping. A connection
    // still waiting in the kernel's accept queue when the listener closes is reset by the kernel,
    // not by the server: on a busy machine a few such resets remain (seen in one of two full-suite
    // runs), so they are counted and printed, not failed on.
    const answered = load.outcomes.filter((outcome) => /^\d{3}$/.test(outcome))
    expect(new Set(answered), `round ${round}`).toEqual(new Set(['200', '503']))
    const resets = load.outcomes.filter((outcome) => outcome === 'ECONNRESET').length
    const other = load.outcomes.filter(
      (outcome) => !/^\d{3}$/.test(outcome) && !['ECONNREFUSED', 'ECONNRESET'].includes(outcome),
    )
    expect(other, `round ${round}`).toEqual([])
    console.log(`graceful stop on PGlite, round ${round}: ${answered.length} answers, ${resets} resets`)
  }
}, 300_000)
