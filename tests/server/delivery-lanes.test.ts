/**
 * A CRM that hangs never delays a lead's e-mail (docs/decisions/031-delivery-lanes.md): the real
 * server, with two webhook destinations on 127.0.0.1, one that never answers (each attempt ends at
 * the sender's 10 s timeout, its retries due again within seconds) and one that answers after 9 s,
 * takes 20 leads a minute through the real form API; every lead's notification reaches the real
 * SMTP sink within 5 s of its 200 OK, while both receivers are being tried, and never more than
 * two attempts at once reach one receiver. On PGlite and PostgreSQL. (The second destination is
 * added as on the desk; WEBHOOK_LOCAL_DESTINATIONS lets a desk destination be on this machine.)
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, inject, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { addDestination, generateWebhookSecret } from '#server/webhooks/destinations.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { startServerProcess, waitFor } from './helpers/server-process.ts'
import { startSmtpSink } from './helpers/smtp-sink.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { drivers } from './helpers/test-database.ts'

const ipHashSalt = 'delivery-lanes-salt-0123456789'
const encryptionKey = 'ef'.repeat(32)
const leadsTo = 'agency-leads@oakridge-insurance.example'
/** 20 leads a minute, for a minute. */
const leads = 20
const everyMs = 3000
const boundMs = 5000

type Cleanups = (() => Promise<unknown>)[]

/** A webhook receiver on 127.0.0.1 that answers each request after `answerAfterMs` (never: undefined). */
async function startReceiver(answerAfterMs: number | undefined, cleanups: Cleanups) {
  const receiver = { url: '', requests: 0, open: 0, mostOpen: 0, answered: 0 }
  const timers = new Set<NodeJS.Timeout>()
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    receiver.requests++
    receiver.open++
    receiver.mostOpen = Math.max(receiver.mostOpen, receiver.open)
    response.once('close', () => {
      receiver.open--
    })
    request.resume()
    if (answerAfterMs === undefined) return
    const timer = setTimeout(() => {
      timers.delete(timer)
      receiver.answered++
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}')
    }, answerAfterMs)
    timers.add(timer)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`
  cleanups.push(async () => {
    for (const timer of timers) clearTimeout(timer)
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })
  return receiver
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN
}

// The two drivers' runs side by side: each is a minute of waiting on a clock (a lead every 3 s)
// with little to compute (the file runs beside one other file of the `processes` group).
describe.concurrent('delivery lanes', () => {
  it.for(drivers)(
    'on %s: mails each lead to the agency within 5 s of its OK while one CRM hangs and one takes 9 s',
    {
      timeout: 240_000,
    },
    async (driver, { expect, onTestFinished }) => {
      const cleanups: Cleanups = []
      onTestFinished(async () => {
        for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
      })
      const sink = await startSmtpSink()
      cleanups.push(() => sink.close())
      const hanging = await startReceiver(undefined, cleanups)
      const slow = await startReceiver(9000, cleanups)
      const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-lanes-'))
      cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
      const env: Record<string, string> = {
        DATA_DIR: dataDir,
        IP_HASH_SALT: ipHashSalt,
        LEAD_ENCRYPTION_KEY: encryptionKey,
        SUBMIT_RATE_LIMIT: '100000/1s',
        SMTP_URL: sink.url,
        LEADS_TO: leadsTo,
        WEBHOOK_URL: hanging.url,
        // The 9 s receiver is a desk destination on 127.0.0.1 (development and tests only).
        WEBHOOK_LOCAL_DESTINATIONS: 'on',
        WEBHOOK_SECRET: generateWebhookSecret(),
        // The hanging receiver's retries fall due again and again while leads arrive.
        DELIVERY_RETRY_BASE_MS: '1000',
        DELIVERY_RETRY_MAX_MS: '4000',
      }
      if (driver === 'postgres') {
        // A copy of the run's migrated database, as the embedded one below is.
        const scratch = await createScratchDatabase({ template: inject('postgresTemplate') })
        cleanups.push(() => scratch.drop())
        env.DATABASE_URL = scratch.url
      }
      // The second destination, as an owner would add it on the desk (the first is the environment's).
      const setup: Database = env.DATABASE_URL
        ? await openPostgresDatabase(env.DATABASE_URL)
        : await openPgliteDatabase(path.join(dataDir, 'pglite'), { template: inject('pgliteTemplate') })
      try {
        await runMigrations(setup)
        await addDestination(
          setup,
          {
            url: slow.url,
            secret: generateWebhookSecret(),
            formKeys: [],
            lines: [],
            sendSensitive: false,
            createdBy: 'owner@oakridge-insurance.example',
          },
          Buffer.from(encryptionKey, 'hex'),
        )
      } finally {
        await setup.close()
      }
      const server = await startServerProcess({ env, timeoutMs: 90_000 })
      cleanups.push(() => server.kill())

      const form = getFormDefinition('contact-message')
      if (!form) throw new Error('no contact-message form')
      const acknowledged: { reference: string; at: number }[] = []
      const start = Date.now()
      for (let n = 0; n < leads; n++) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, start + n * everyMs - Date.now())))
        const response = await fetch(`${server.url}/api/forms/contact-message`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': `lanes-${driver}-${n}`,
            'x-proof-of-work': await solvedProof(ipHashSalt),
          },
          body: JSON.stringify(validPayload(form, new Date())),
        })
        expect(await response.text()).toBe('OK')
        acknowledged.push({ reference: String(response.headers.get('lead-reference')), at: Date.now() })
      }

      const notificationOf = (reference: string) =>
        sink.messages.find(
          (message) => message.envelope.to.includes(leadsTo) && message.subject.endsWith(reference),
        )
      await waitFor(() => acknowledged.every(({ reference }) => notificationOf(reference)), {
        what: 'every lead notification',
        timeoutMs: 30_000,
      })
      const latencies = acknowledged
        .map(({ reference, at }) => (notificationOf(reference)?.receivedAt ?? Number.NaN) - at)
        .sort((a, b) => a - b)
      const summary = `${driver}: ${leads} leads, notification after OK p50 ${percentile(latencies, 50)} ms, p99 ${percentile(latencies, 99)} ms, max ${latencies.at(-1)} ms; hanging receiver ${hanging.requests} requests (${hanging.mostOpen} at once), 9 s receiver ${slow.requests} (${slow.answered} answered, ${slow.mostOpen} at once)`
      console.info(summary)
      // Both receivers were being tried all along: the lanes were under the load they must withstand.
      expect(hanging.requests, summary).toBeGreaterThanOrEqual(8)
      expect(slow.answered, summary).toBeGreaterThanOrEqual(4)
      // At most two attempts at once to one destination.
      expect(hanging.mostOpen, summary).toBeLessThanOrEqual(2)
      expect(slow.mostOpen, summary).toBeLessThanOrEqual(2)
      for (const latency of latencies) expect(latency, summary).toBeLessThanOrEqual(boundMs)
      await server.stop()
    },
  )
})
