/**
 * A graceful stop while the mail server hangs mid-send (docs/decisions/015-operations.md,
 * "Stopping"): the worker waits for the send
 * only so long, then hands the job back (pending, due now, the interrupted attempt not counted), so
 * the next process sends it at once instead of waiting out the lease; nothing is lost.
 */
import { rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { createLeadRepository } from '#server/leads/lead-repository.ts'
import { createMailTransport, type MailTransport } from '#server/mail/mail-transport.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { waitFor } from './helpers/server-process.ts'
import { useSmtpSink } from './helpers/smtp-sink.ts'
import { drivers, useTestDatabase } from './helpers/test-database.ts'

const log = { info: () => {}, warn: () => {} }
const settings = {
  from: 'website@oakridge-insurance.example',
  to: 'leads@oakridge-insurance.example',
  maxAttempts: 10,
  baseDelayMs: 100,
  maxDelayMs: 1000,
  leaseMs: 120_000,
}

describe.each(drivers)('stopping the delivery worker on %s', (driver) => {
  const test = useTestDatabase(driver)
  const sink = useSmtpSink({ mode: 'stall' })
  const mailDir = path.join(tmpdir(), 'agency-unused-mail')
  afterAll(async () => {
    await rm(mailDir, { recursive: true, force: true })
  })

  /** A worker as main.ts makes it, on its own transport to the sink (closed by the test). */
  function worker(transport: MailTransport, pollMs?: number) {
    return createDeliveryWorker({ db: test.db, transport, getForm: getFormDefinition, log, settings, pollMs })
  }

  it('hands back a notification the mail server is stuck on, and the next worker sends it once', async () => {
    const form = getFormDefinition('contact-message')
    if (!form) throw new Error('no contact form')
    const { lead } = await createLeadRepository(test.db).insertLead({
      formKey: form.key,
      fields: validPayload(form, new Date()),
      language: 'en',
      userAgent: null,
      ipHash: null,
      isSpam: false,
      spamReasons: [],
      idempotencyKey: `stop-${driver}`,
      bodyHash: null,
    })
    const jobOf = async () => {
      const [row] = await test.db.query<{ status: string; attempts: number }>(
        'SELECT status, attempts FROM delivery_jobs WHERE lead_id = $1',
        [lead.id],
      )
      return row
    }
    const stuckTransport = createMailTransport({ smtpUrl: sink.url, mailDir })
    const stuck = worker(stuckTransport, 50)
    stuck.start()
    await waitFor(async () => (await jobOf())?.status === 'sending', { what: 'the job to be claimed' })

    const stopping = Date.now()
    await stuck.stop({ releaseAfterMs: 300 })
    expect(Date.now() - stopping).toBeLessThan(5000)
    expect(await jobOf()).toEqual({ status: 'pending', attempts: 0 })
    // The stuck send now fails; its late outcome must not touch the handed-back job.
    stuckTransport.close()
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(await jobOf()).toEqual({ status: 'pending', attempts: 0 })

    // The next process (the server restarted) sends it at once: no 2-minute lease to wait out.
    sink.setMode('accept')
    const nextTransport = createMailTransport({ smtpUrl: sink.url, mailDir })
    const next = worker(nextTransport)
    try {
      expect(await next.runOnce()).toBe(1)
    } finally {
      await next.stop()
      nextTransport.close()
    }
    expect(await jobOf()).toEqual({ status: 'sent', attempts: 1 })
    expect(sink.byLeadId().get(lead.id)).toHaveLength(1)
  }, 60_000)
})
