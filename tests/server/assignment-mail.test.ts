/**
 * The e-mail a staff member receives when a colleague assigns a lead to them (migration 017): from
 * the desk's assign button through the outbox and the delivery worker to a real SMTP server, on
 * both database drivers. Once per assignment, with the reference, the form, who assigned it and the
 * link to the lead; nothing the visitor typed; none for taking a lead oneself; once even with two
 * workers on two connections; discarded by a restore. And the desk names members by display name.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { getFormDefinition } from '#forms/registry.ts'
import type { Queryable } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { holdUndeliveredJobs } from '#server/leads/lead-jobs.ts'
import { type StoredLeadOptions, storeLead } from '#tests/kit/leads.ts'
import { type SignedInStaff, signedInStaff } from '#tests/kit/staff.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm } from './helpers/requests.ts'
import { type ReceivedMail, useSmtpSink } from './helpers/smtp-sink.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const formTitle = getFormDefinition('contact-message')?.title ?? ''

describe.each(drivers)('assignment e-mail on %s', (driver) => {
  const clock = new Date('2026-11-23T16:00:00Z')
  const t = useTestApp(
    driver,
    { now: () => clock },
    { truncate: 'leads, delivery_jobs, staff_users, staff_sessions, lead_events' },
  )
  const sink = useSmtpSink()
  let ana: SignedInStaff
  let maria: SignedInStaff

  beforeEach(async () => {
    sink.messages.length = 0
    ana = await signedInStaff(t.db, 'ana@oakridge-insurance.example', {
      now: clock,
      displayName: 'Ana Ruiz',
    })
    maria = await signedInStaff(t.db, 'maria@oakridge-insurance.example', {
      now: clock,
      displayName: 'María López',
    })
  })

  /** A lead received at 10:30 this morning, its notification to the agency already sent. */
  const received: StoredLeadOptions = {
    fields: { firstName: 'Visitor', lastName: 'Secretname', phone: '5550104477' },
    receivedAt: new Date('2026-11-23T15:30:00Z'),
    notification: 'sent',
  }

  function assign(who: { cookie: string }, leadId: string, assignee: string) {
    return injectForm(t.app, `/admin/leads/${leadId}/assign`, { assignee }, { cookie: who.cookie })
  }

  function worker(db: Queryable = t.db) {
    return createDeliveryWorker({
      db,
      transport: sink.transport(),
      getForm: getFormDefinition,
      log: t.app.log,
      settings: {
        from: 'Oak Ridge Insurance <website@oakridge-insurance.example>',
        to: 'leads@oakridge-insurance.example',
        maxAttempts: 10,
        baseDelayMs: 50,
        maxDelayMs: 200,
        leaseMs: 60_000,
      },
    })
  }

  function mailsTo(address: string): ReceivedMail[] {
    return sink.messages.filter((mail) => mail.envelope.to.includes(address))
  }

  it('mails the member a colleague assigned a lead to, once, with the reference and the desk link', async () => {
    const lead = await storeLead(t.db, received)
    expect((await assign(ana, lead.id, maria.id)).statusCode).toBe(303)
    await worker().runOnce()

    const [mail, ...more] = mailsTo(maria.email)
    expect(more).toHaveLength(0)
    expect(mail?.subject).toBe(`Lead assigned to you: ${formTitle} · ${lead.reference}`)
    for (const part of [mail?.text ?? '', pageText(mail?.html ?? '')]) {
      expect(part).toContain(lead.reference)
      expect(part).toContain('Assigned by: Ana Ruiz')
      // 10:30 in New York, as the agency's own notification says it.
      expect(part).toContain('Received: Nov 23, 2026, 10:30 AM (EST)')
      // Nothing the visitor typed: the desk has it, behind the sign-in.
      expect(part).not.toContain('Secretname')
      expect(part).not.toContain('5550104477')
    }
    expect(mail?.text).toContain(`${agency.siteUrl}/admin/leads/${lead.id}`)
    expect(mail?.html).toContain(`href="${agency.siteUrl}/admin/leads/${lead.id}"`)

    // Another pass sends nothing again.
    await worker().runOnce()
    expect(mailsTo(maria.email)).toHaveLength(1)
  })

  it('mails nothing to a member who takes a lead themselves', async () => {
    const lead = await storeLead(t.db, received)
    expect((await assign(maria, lead.id, maria.id)).statusCode).toBe(303)
    await worker().runOnce()
    expect(sink.messages.filter((mail) => mail.subject?.startsWith('Lead assigned'))).toHaveLength(0)
    const [row] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM assignment_mails')
    expect(row?.n).toBe(0)
  })

  it('toggling a lead 30 times never floods a mailbox: each member hears of it once, the last one too', async () => {
    const bob = await signedInStaff(t.db, 'bob@oakridge-insurance.example', { now: clock })
    const lead = await storeLead(t.db, received)
    // Assigned and unassigned 30 times, the worker sending between every click.
    for (let cycle = 0; cycle < 30; cycle++) {
      expect((await assign(ana, lead.id, maria.id)).statusCode).toBe(303)
      await worker().runOnce()
      expect((await assign(ana, lead.id, '')).statusCode).toBe(303)
      await worker().runOnce()
    }
    expect(mailsTo(maria.email)).toHaveLength(1)
    // Handed back and forth between two members 30 times: one each, Bob (the last) included.
    for (let cycle = 0; cycle < 30; cycle++) {
      await assign(ana, lead.id, bob.id)
      await worker().runOnce()
      await assign(ana, lead.id, maria.id)
      await worker().runOnce()
      await assign(ana, lead.id, bob.id)
    }
    await worker().runOnce()
    expect(mailsTo(maria.email)).toHaveLength(1)
    expect(mailsTo(bob.email)).toHaveLength(1)
    expect(sink.messages).toHaveLength(2)
  })

  it('withdraws an assignment e-mail not yet sent when the lead changes hands again', async () => {
    const bob = await signedInStaff(t.db, 'bob@oakridge-insurance.example', { now: clock })
    const lead = await storeLead(t.db, received)
    await assign(ana, lead.id, maria.id)
    await assign(ana, lead.id, bob.id)
    await worker().runOnce()
    expect(mailsTo(maria.email)).toHaveLength(0)
    expect(mailsTo(bob.email)).toHaveLength(1)
    // Unassigned (or taken by oneself) before the worker came: no one is told.
    const other = await storeLead(t.db, received)
    await assign(ana, other.id, maria.id)
    await assign(ana, other.id, '')
    await assign(bob, lead.id, bob.id)
    await worker().runOnce()
    expect(sink.messages).toHaveLength(1)
  })

  it('discards an assignment e-mail not yet sent when a snapshot is restored', async () => {
    const lead = await storeLead(t.db, received)
    await assign(ana, lead.id, maria.id)
    await holdUndeliveredJobs(t.db)
    await worker().runOnce()
    expect(mailsTo(maria.email)).toHaveLength(0)
  })

  it('shows the assignee’s and the actor’s display names in the inbox and on the lead page', async () => {
    const lead = await storeLead(t.db, received)
    await assign(ana, lead.id, maria.id)
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: ana.cookie } })

    const inbox = await get('/admin')
    expect(inbox.statusCode).toBe(200)
    const row = pageText(inbox.body.slice(inbox.body.indexOf('cell-assignee')))
    expect(row).toContain('María López')
    expect(pageText(inbox.body)).not.toContain(maria.email)
    // The header names who is signed in.
    expect(pageText(inbox.body)).toContain('Signed in as Ana Ruiz')

    const page = pageText((await get(`/admin/leads/${lead.id}`)).body)
    // The summary, the assign select's options and the work log's actor.
    expect(page).toMatch(/Assigned to María López/)
    expect(page).toContain('Ana Ruiz (me)')
    expect(page).toContain('Ana Ruiz, ')
    expect(page).toContain('Signed in as Ana Ruiz')
  })

  it('sends each once with two workers at once (on two connections with PostgreSQL)', async () => {
    const leads = await Promise.all([
      storeLead(t.db, received),
      storeLead(t.db, received),
      storeLead(t.db, received),
      storeLead(t.db, received),
    ])
    for (const lead of leads) expect((await assign(ana, lead.id, maria.id)).statusCode).toBe(303)
    // The embedded database has one connection: there the two workers share it.
    const second = driver === 'postgres' ? await openPostgresDatabase(t.location) : undefined
    try {
      await Promise.all([worker().runOnce(), worker(second).runOnce()])
    } finally {
      await second?.close()
    }
    const subjects = mailsTo(maria.email).map((mail) => mail.subject)
    expect(subjects.sort()).toEqual(
      leads.map((lead) => `Lead assigned to you: ${formTitle} · ${lead.reference}`).sort(),
    )
  })
})
