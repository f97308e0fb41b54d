/**
 * A lead answered OK is never lost (docs/contracts.md, "Durability"), on both drivers: the real server
 * (`node server/main.ts`) acknowledges leads while SMTP refuses, is killed with SIGKILL right after
 * the last OK, and a restarted server (SMTP accepting now) mails every acknowledged lead exactly once.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database, DriverName } from '#server/db/database.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { type ServerProcess, startServerProcess, waitFor } from './helpers/server-process.ts'
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { drivers } from './helpers/test-database.ts'

const ipHashSalt = 'durability-tests-salt-0123456789'
const metricsToken = 'durability-tests-monitor-0123'
const leadCount = 10
const encryptionKeyHex = randomBytes(32).toString('hex')

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  // Children first (they hold the database), then the sink, databases and folders.
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

interface StoredJob {
  idempotency_key: string
  lead_id: string
  status: string
}

async function storedJobs(db: Database, keys: string[]): Promise<StoredJob[]> {
  return db.query<StoredJob>(
    `SELECT l.idempotency_key, l.id AS lead_id, j.status
       FROM leads l JOIN delivery_jobs j ON j.lead_id = l.id
      WHERE l.idempotency_key = ANY($1)`,
    [keys],
  )
}

describe.each(drivers)('killed right after OK, on %s', (driver: DriverName) => {
  // Two server starts and a kill: bounded by the starts' own timeouts, not the 30 s default.
  it(`keeps and then mails exactly once each of ${leadCount} acknowledged leads`, {
    timeout: 240_000,
  }, async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), `agency-durability-${driver}-`))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const sink: SmtpSink = await startSmtpSink({ mode: 'reject' })
    cleanups.push(() => sink.close())
    let databaseUrl: string | undefined
    if (driver === 'postgres') {
      // A copy of the run's migrated database: the first start is not what is tested here.
      const scratch = await createScratchDatabase({ template: inject('postgresTemplate') })
      cleanups.push(() => scratch.drop())
      databaseUrl = scratch.url
    }
    const env = {
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      SMTP_URL: sink.url,
      // Only the agency's notifications are counted here: the visitor's copy is tested on its own
      // (tests/server/visitor-confirmation.test.ts).
      VISITOR_CONFIRMATION: 'off',
      LEAD_ENCRYPTION_KEY: encryptionKeyHex,
      DELIVERY_POLL_MS: '50',
      DELIVERY_RETRY_BASE_MS: '50',
      DELIVERY_RETRY_MAX_MS: '200',
      // However slow the machine, no job runs out of attempts while SMTP refuses.
      DELIVERY_MAX_ATTEMPTS: '1000',
      SUBMIT_RATE_LIMIT: '100000/1s',
      IP_HASH_SALT: ipHashSalt,
      METRICS_TOKEN: metricsToken,
    }
    const start = async () => {
      const server: ServerProcess = await startServerProcess({ env, timeoutMs: 90_000 })
      cleanups.push(() => server.kill())
      return server
    }

    const first = await start()
    const form = getFormDefinition('contact-message')
    if (!form) throw new Error('contact-message is not registered')
    const keys = Array.from({ length: leadCount }, (_, i) => `durable-${driver}-${i}`)
    for (const key of keys) {
      const response = await fetch(`${first.url}/api/forms/contact-message`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'idempotency-key': key,
          'x-proof-of-work': await solvedProof(ipHashSalt),
        },
        body: JSON.stringify(validPayload(form, new Date())),
      })
      expect(await response.text()).toBe('OK')
    }
    // Killed at once after the last OK: no shutdown, no chance to flush anything.
    await first.kill()
    expect(first.process.signalCode).toBe('SIGKILL')
    // SMTP refused everything, so nothing could have reached the agency yet.
    expect(sink.messages).toHaveLength(0)

    // Read while no server runs (PGlite allows one process per folder).
    const open = () =>
      databaseUrl ? openPostgresDatabase(databaseUrl) : openPgliteDatabase(path.join(dataDir, 'pglite'))
    let db = await open()
    let leadIds: string[]
    try {
      const jobs = await storedJobs(db, keys)
      expect(jobs.map((job) => job.idempotency_key).sort()).toEqual([...keys].sort())
      expect(jobs.every((job) => job.status !== 'sent')).toBe(true)
      leadIds = jobs.map((job) => job.lead_id)
      // A job claimed at the instant of the kill stays leased to the dead process for the worker's
      // lease (two minutes in main.ts) before any process takes it again; the test lets that
      // time pass rather than wait for it.
      await db.query(`UPDATE delivery_jobs SET locked_until = now() WHERE status = 'sending'`)
    } finally {
      await db.close()
    }

    sink.setMode('accept')
    const second = await start()
    await waitFor(() => leadIds.every((id) => sink.byLeadId().has(id)), {
      timeoutMs: 20_000,
      what: 'every acknowledged lead to be mailed',
    })
    await waitFor(
      async () => {
        const health = await (
          await fetch(`${second.url}/api/health`, { headers: { authorization: `Bearer ${metricsToken}` } })
        ).json()
        return health.deliveries.waiting === 0 && health.deliveries.failed === 0
      },
      { what: 'no delivery left waiting' },
    )
    await second.stop()
    expect(second.process.exitCode).toBe(0)

    const received = sink.byLeadId()
    for (const id of leadIds) expect(received.get(id), `lead ${id}`).toHaveLength(1)
    expect(sink.messages).toHaveLength(leadCount)

    db = await open()
    try {
      const jobs = await storedJobs(db, keys)
      expect(jobs).toHaveLength(leadCount)
      expect(jobs.every((job) => job.status === 'sent')).toBe(true)
    } finally {
      await db.close()
    }
  })
})
