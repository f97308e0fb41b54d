/**
 * The morning digest, on both drivers, through the real outbox and a real SMTP server: queued at
 * the configured time in the agency's time zone on open days only, once per day even when two
 * server processes (two connections, two workers) check at the same moment, and listing the right
 * leads (overdue first; new or unassigned; never closed or spam).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { composeDigest, type DigestSettings, queueDigestIfDue } from '#server/desk/morning-digest.ts'
import type { LeadStatus } from '#server/leads/lead-repository.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { useSmtpSink } from './helpers/smtp-sink.ts'
import { drivers, useTestDatabase } from './helpers/test-database.ts'

const settings: DigestSettings = {
  time: '08:00',
  to: 'owner@oakridge-insurance.example',
  timeZone: 'America/New_York',
  deskUrl: 'https://desk.example',
}
const silent = { info() {}, warn() {} }

describe.each(drivers)('morning digest on %s', (driver) => {
  const test = useTestDatabase(driver)
  const sink = useSmtpSink()
  let second: Database

  beforeAll(async () => {
    // A second process: its own connection to PostgreSQL; PGlite is one process's database.
    second = driver === 'postgres' ? await openPostgresDatabase(test.location) : test.db
  })
  afterAll(async () => {
    if (second && second !== test.db) await second.close()
  })
  beforeEach(async () => {
    await test.db.query('TRUNCATE leads, delivery_jobs, staff_users CASCADE')
    sink.messages.length = 0
  })

  function worker(db: Database, now: Date) {
    return createDeliveryWorker({
      db,
      transport: sink.transport(),
      getForm: getFormDefinition,
      log: silent,
      settings: {
        from: 'desk@oakridge-insurance.example',
        to: 'leads@oakridge-insurance.example',
        maxAttempts: 3,
        baseDelayMs: 100,
        maxDelayMs: 1000,
        leaseMs: 60_000,
      },
      digest: {
        to: settings.to,
        compose: (day) =>
          composeDigest(db, day, now, settings, (key) => getFormDefinition(key)?.title ?? key),
      },
    })
  }

  /** A lead the agency was told of when it came in; the digest must never show its SSN. */
  async function lead(
    name: string,
    receivedAt: string,
    extra: { status?: LeadStatus; spam?: boolean; assignee?: string } = {},
  ) {
    const [firstName = '', lastName = ''] = name.split(' ')
    await storeLead(test.db, {
      fields: { firstName, lastName, ssn: 'never' },
      receivedAt: new Date(receivedAt),
      status: extra.status,
      assignedTo: extra.assignee,
      ...(extra.spam ? { isSpam: true, spamReasons: ['honeypot'] } : { notification: 'sent' }),
    })
  }

  it('is not queued before its time or on a closed day', async () => {
    // Monday 07:59 in New York (EST).
    expect(await queueDigestIfDue(test.db, new Date('2026-11-23T12:59:00Z'), settings)).toBeUndefined()
    // Sunday 09:00.
    expect(await queueDigestIfDue(test.db, new Date('2026-11-22T14:00:00Z'), settings)).toBeUndefined()
    const [jobs] = await test.db.query<{ count: number }>('SELECT count(*)::int AS count FROM delivery_jobs')
    expect(jobs?.count).toBe(0)
  })

  it('arrives once per day from two processes, listing overdue and waiting leads', async () => {
    const owner = await makeStaff(test.db, 'maria@oakridge-insurance.example', { displayName: 'María Pérez' })
    // Still new but assigned: listed, naming the member by their display name, not their e-mail.
    await lead('Nia Named', '2026-11-20T21:00:00Z', { assignee: owner.id })
    // Friday 15:30: overdue since Monday 09:30? Not yet at 08:05 on Monday: 30 open minutes spent.
    await lead('Fran Friday', '2026-11-20T20:30:00Z')
    // Thursday 10:00: overdue.
    await lead('Tom Thursday', '2026-11-19T15:00:00Z')
    // Contacted but unassigned: listed as waiting.
    await lead('Una Assigned', '2026-11-19T16:00:00Z', { status: 'contacted' })
    // Contacted and assigned, closed, spam: not listed.
    await lead('Done Handled', '2026-11-19T16:00:00Z', { status: 'contacted', assignee: owner.id })
    await lead('Cleo Closed', '2026-11-19T16:00:00Z', { status: 'closed' })
    await lead('Sam Spam', '2026-11-19T16:00:00Z', { spam: true })

    // Monday 08:05 in New York: both processes check at once, then each runs its worker.
    const now = new Date('2026-11-23T13:05:00Z')
    const queued = await Promise.all([
      queueDigestIfDue(test.db, now, settings),
      queueDigestIfDue(second, now, settings),
    ])
    expect(queued.filter(Boolean)).toEqual(['2026-11-23'])
    const sent = await Promise.all([worker(test.db, now).runOnce(), worker(second, now).runOnce()])
    expect(sent[0] + sent[1]).toBe(1)
    // Later passes the same day queue nothing more.
    expect(await queueDigestIfDue(second, new Date('2026-11-23T20:00:00Z'), settings)).toBeUndefined()

    expect(sink.messages).toHaveLength(1)
    const mail = sink.messages[0]
    expect(mail?.envelope.to).toEqual([settings.to])
    expect(mail?.subject).toBe(
      `Lead desk for Monday, November 23: 1 overdue, 0 follow-ups due, 4 waiting · ${agency.shortName}`,
    )
    const text = mail?.text ?? ''
    const overdue = text.slice(text.indexOf('Overdue'), text.indexOf('Still new or unassigned'))
    const waiting = text.slice(text.indexOf('Still new or unassigned'))
    expect(overdue).toContain('Tom Thursday')
    expect(overdue).not.toContain('Fran Friday')
    expect(waiting).toContain('Fran Friday')
    expect(waiting).toContain('Una Assigned')
    expect(waiting).toMatch(/Nia Named · .* · María Pérez\n/)
    expect(text).not.toContain('maria@oakridge-insurance.example')
    for (const absent of ['Done Handled', 'Cleo Closed', 'Sam Spam', 'never'])
      expect(text).not.toContain(absent)
    expect(text).toContain('https://desk.example/admin/leads/')
  })
})
