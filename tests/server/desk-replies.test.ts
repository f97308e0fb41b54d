/**
 * Replies from the desk, through the outbox and the delivery worker to a real SMTP server, on both
 * database drivers: the lead page offers the reply of the lead's line in its language, filled with
 * the visitor's name, the reference, the staff member's name and the agency's phone; "Send" mails
 * the lead's own address from the agency (MAIL_FROM's address) with the member in Reply-To, and the
 * sent text is on the lead's work log; a testimonial is thanked; an owner's wording is used; no
 * session sends nothing, and a member sends at most repliesPerHour an hour.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { repliesPerHour } from '#server/desk/reply-templates.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { type SignedInStaff, signedInStaff } from '#tests/kit/staff.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { useSmtpSink } from './helpers/smtp-sink.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

describe.each(drivers)('replies from the desk on %s', (driver) => {
  const clock = new Date('2026-11-23T16:00:00Z')
  /** The leads came in half an hour ago, their notifications to the agency sent. */
  const receivedAt = new Date('2026-11-23T15:30:00Z')
  const t = useTestApp(
    driver,
    { now: () => clock },
    { truncate: 'leads, delivery_jobs, staff_users, staff_sessions, lead_events, reply_templates' },
  )
  const sink = useSmtpSink()
  let ana: SignedInStaff
  let owner: SignedInStaff

  beforeEach(async () => {
    sink.messages.length = 0
    ana = await signedInStaff(t.db, 'ana@oakridge-insurance.example', { now: clock, displayName: 'Ana Ruiz' })
    owner = await signedInStaff(t.db, 'owner@oakridge-insurance.example', {
      now: clock,
      displayName: 'Olga Dueña',
      role: 'owner',
    })
  })

  const worker = () =>
    createDeliveryWorker({
      db: t.db,
      transport: sink.transport(),
      getForm: getFormDefinition,
      log: t.app.log,
      settings: {
        from: 'Oak Ridge Insurance website <website@oakridge-insurance.example>',
        to: 'leads@oakridge-insurance.example',
        maxAttempts: 10,
        baseDelayMs: 50,
        maxDelayMs: 200,
        leaseMs: 60_000,
      },
    })

  /** The subject and message the lead page offers. */
  async function offered(who: SignedInStaff, id: string) {
    const body = (await injectGet(t.app, `/admin/leads/${id}`, who.cookie)).body
    const subject = /id="reply-subject"[^>]*value="([^"]*)"/.exec(body)?.[1] ?? ''
    const message = /id="reply-body"[^>]*>([^<]*)<\/textarea>/.exec(body)?.[1] ?? ''
    const decode = (text: string) =>
      text
        .replaceAll('&#x27;', "'")
        .replaceAll('&quot;', '"')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&amp;', '&')
    return { subject: decode(subject), body: decode(message), page: body }
  }

  const send = (who: { cookie: string }, id: string, reply: { subject: string; body: string }) =>
    injectForm(t.app, `/admin/leads/${id}/reply`, reply, { cookie: who.cookie })

  it('sends a Spanish lead the Spanish reply of its line, from the agency, answered to the staff member, and logs it', async () => {
    const lead = await storeLead(t.db, {
      form: 'boat-quote',
      language: 'es',
      fields: {
        primaryOperatorName: 'Lucía Fernández',
        email: 'lucia@lago.example',
        phone: '7065550111',
      },
      receivedAt,
      notification: 'sent',
    })
    const reply = await offered(ana, lead.id)
    expect(reply.subject).toBe(
      `Su solicitud: Cotización de seguro de bote (${lead.reference}) · ${agency.shortName}`,
    )
    expect(reply.body).toContain('Hola, Lucía:')
    expect(reply.body).toContain('el seguro de su vehículo')
    expect(reply.body).toContain(`referencia ${lead.reference}`)
    expect(reply.body).toContain(`Ana Ruiz\n${agency.shortName}\n${agencyPhone.display}`)
    // The mail app stays the fallback, with the same words.
    expect(reply.page).toContain('href="mailto:lucia@lago.example?subject=')

    const edited = { subject: reply.subject, body: `${reply.body}\n\nPD: el bote es de 2019, ¿verdad?` }
    const sent = await send(ana, lead.id, edited)
    expect(sent.statusCode).toBe(303)
    expect(sent.headers.location).toBe(`/admin/leads/${lead.id}?notice=reply#reply`)
    await worker().runOnce()
    const [mail, ...more] = sink.messages
    expect(more).toHaveLength(0)
    expect(mail?.envelope.to).toEqual(['lucia@lago.example'])
    expect(mail?.header('from')).toBe(`${agency.name} <website@oakridge-insurance.example>`)
    expect(mail?.header('reply-to')).toBe('Ana Ruiz <ana@oakridge-insurance.example>')
    expect(mail?.header('to')).toBe('lucia@lago.example')
    expect(mail?.subject).toBe(edited.subject)
    expect(mail?.text?.trim()).toBe(edited.body)
    expect(pageText(mail?.html ?? '')).toContain('PD: el bote es de 2019, ¿verdad?')

    // On the lead: the text as sent, who sent it; the first contact is counted.
    const page = pageText((await injectGet(t.app, `/admin/leads/${lead.id}`, ana.cookie)).body)
    expect(page).toContain('E-mail sent from the desk')
    expect(page).toContain('PD: el bote es de 2019, ¿verdad?')
    const [row] = await t.db.query<{ first_contact_at: Date | null }>(
      'SELECT first_contact_at FROM leads WHERE id = $1',
      [lead.id],
    )
    expect(row?.first_contact_at).not.toBeNull()
  })

  it('thanks an English testimonial instead of asking when to call, in the owners’ own words once they edit it', async () => {
    const lead = await storeLead(t.db, {
      form: 'new-testimonial',
      language: 'en',
      fields: {
        firstName: 'Grace',
        lastName: 'Hopper',
        email: 'grace@example.com',
      },
      receivedAt,
      notification: 'sent',
    })
    const reply = await offered(ana, lead.id)
    expect(reply.subject).toBe(`Thank you from ${agency.shortName}`)
    expect(reply.body).toContain('Hi Grace,')
    expect(reply.body).toContain('Thank you so much for taking the time to write to us.')
    expect(reply.body).not.toContain('good time to call')

    // An owner words the thank-you their own way on the desk.
    const saved = await injectForm(
      t.app,
      '/admin/replies',
      {
        template: 'thanks',
        language: 'en',
        subject: 'A big thank-you, {name}',
        body: 'Dear {name},\n\nYour words made our week. ({reference})\n\n{staff}, {agency}, {phone}',
      },
      { cookie: owner.cookie },
    )
    expect(saved.statusCode).toBe(303)
    // Staff cannot change the templates.
    expect(
      (
        await injectForm(
          t.app,
          '/admin/replies',
          { template: 'thanks', language: 'en', subject: 'x', body: 'y' },
          { cookie: ana.cookie },
        )
      ).statusCode,
    ).toBe(403)
    const owned = await offered(ana, lead.id)
    expect(owned.subject).toBe('A big thank-you, Grace')
    expect((await send(ana, lead.id, owned)).statusCode).toBe(303)
    await worker().runOnce()
    const [mail] = sink.messages
    expect(mail?.envelope.to).toEqual(['grace@example.com'])
    expect(mail?.text).toContain(`Your words made our week. (${lead.reference})`)
    expect(mail?.text).toContain(`Ana Ruiz, ${agency.shortName}, ${agencyPhone.display}`)
  })

  it('sends nothing without a session, never to another address, and at most the hourly limit per member', async () => {
    const lead = await storeLead(t.db, {
      form: 'contact-message',
      language: 'en',
      fields: {
        firstName: 'Sam',
        lastName: 'Stone',
        email: 'sam@example.com',
      },
      receivedAt,
      notification: 'sent',
    })
    const stranger = await injectForm(t.app, `/admin/leads/${lead.id}/reply`, {
      subject: 'Hi',
      body: 'Win a prize',
    })
    expect(stranger.statusCode).toBe(303)
    expect(stranger.headers.location).toMatch(/^\/admin\/login/)
    // An address in the request is ignored: the reply goes to the lead's own.
    await injectForm(
      t.app,
      `/admin/leads/${lead.id}/reply`,
      { subject: 'Hi', body: 'Hello', to: 'victim@example.com' },
      { cookie: ana.cookie },
    )
    for (let n = 1; n < repliesPerHour; n++) await send(ana, lead.id, { subject: `Hi ${n}`, body: 'Hello' })
    const over = await send(ana, lead.id, { subject: 'One more', body: 'Hello' })
    expect(over.statusCode).toBe(429)
    expect(pageText(over.body)).toContain(`You have sent ${repliesPerHour} replies in the last hour`)
    // Another member is not held back by Ana's count.
    expect((await send(owner, lead.id, { subject: 'From Olga', body: 'Hello' })).statusCode).toBe(303)
    const [count] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM reply_mails')
    expect(count?.n).toBe(repliesPerHour + 1)
    const delivery = worker()
    for (let pass = 0; pass < repliesPerHour + 1 && (await delivery.runOnce()) > 0; pass++) {}
    expect(sink.messages).toHaveLength(repliesPerHour + 1)
    expect(new Set(sink.messages.flatMap((mail) => mail.envelope.to))).toEqual(new Set(['sam@example.com']))
  })
})
