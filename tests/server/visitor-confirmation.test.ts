/**
 * The visitor's copy of a request: from POST /api/forms/… through the outbox (migration 014) and
 * the delivery worker to a real SMTP server, on both database drivers. Once per lead, in the
 * lead's language, with the reference the visitor was answered; none of the visitor's own text; not
 * for spam; at most three a day to one address; none when switched off; once even after SMTP
 * refused the first attempts.
 */
import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { agency, formatPhone } from '#config/agency.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { visitorCopyLimits } from '#server/leads/visitor-copies.ts'
import { contactPayload } from '#tests/kit/form-posts.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, submitStoredLead } from './helpers/requests.ts'
import { type ReceivedMail, useSmtpSink } from './helpers/smtp-sink.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const today = new Date()
const ipHashSalt = 'visitor-confirmation-tests-salt-0123'
const encryptionKey = randomBytes(32)
const agencyAddress = 'leads@oakridge-insurance.example'

/** A unique address per test, so the daily count of one test never touches another's. */
function uniqueAddress(tag: string): string {
  return `${tag}.${randomBytes(4).toString('hex')}@example.com`
}

/** A client address of its own, unless a test means one sender: each group has its own limit. */
function clientAddress(): string {
  return `10.${[...randomBytes(3)].join('.')}`
}

/** Each message differs, so the repeated-text check never judges one a copy of another. */
const policyMessage = () => `Please call me about my policy ${randomBytes(6).toString('hex')}.`

describe.each(drivers)('visitor confirmation on %s', (driver) => {
  // Each test starts with no copy granted in the last day: the hourly cap is the whole site's.
  const t = useTestApp(
    driver,
    { ipHashSalt, encryptionKey, now: () => today },
    { truncate: 'visitor_copies_granted' },
  )
  const sink = useSmtpSink()

  /** A worker as main.ts makes it: with the visitor's copy unless VISITOR_CONFIRMATION=off. */
  function worker({ confirmation = true }: { confirmation?: boolean } = {}) {
    return createDeliveryWorker({
      db: t.db,
      transport: sink.transport(),
      getForm: getFormDefinition,
      log: t.app.log,
      ...(confirmation ? { visitor: { secret: ipHashSalt } } : {}),
      settings: {
        from: `Oak Ridge Insurance <website@oakridge-insurance.example>`,
        to: agencyAddress,
        maxAttempts: 10,
        baseDelayMs: 50,
        maxDelayMs: 200,
        leaseMs: 60_000,
      },
    })
  }

  /** Submits through the API; answers the lead's id and the reference the visitor was given. */
  async function submit(
    payload: Record<string, string>,
    headers: Record<string, string> = {},
    remoteAddress = clientAddress(),
  ): Promise<{ id: string; reference: string }> {
    const { id, response } = await submitStoredLead(t.app, t.db, 'contact-message', payload, {
      salt: ipHashSalt,
      now: today,
      headers,
      remoteAddress,
    })
    return { id, reference: String(response.headers['lead-reference']) }
  }

  function mailsTo(address: string): ReceivedMail[] {
    return sink.messages.filter((mail) => mail.envelope.to.includes(address))
  }

  function agencyMailOf(leadId: string): ReceivedMail[] {
    return sink.byLeadId().get(leadId) ?? []
  }

  it('sends the visitor one copy with the reference, the next step and the agency’s contact', async () => {
    const address = uniqueAddress('copy')
    const lead = await submit(contactPayload(today, { email: address, msg: policyMessage() }))
    await worker().runOnce()

    const [mail, ...more] = mailsTo(address)
    expect(more).toHaveLength(0)
    expect(mail?.subject).toContain(lead.reference)
    expect(mail?.subject).toContain('We received your request')
    for (const part of [mail?.text ?? '', mail?.html ?? '']) {
      expect(part).toContain(lead.reference)
      expect(part).toContain(formatPhone(agency.phone))
      expect(part).toContain(agency.address.street)
      expect(part).toContain('within one business hour')
      // What was asked for, in the definition's words.
      expect(pageText(part)).toContain('What you asked for: Contact message')
    }
    // Replies reach the agency, not the site's sending address.
    expect(mail?.header('reply-to')).toContain(agency.email)
    // The agency's own notification went too, once.
    expect(agencyMailOf(lead.id)).toHaveLength(1)

    // Another pass sends nothing again.
    await worker().runOnce()
    expect(mailsTo(address)).toHaveLength(1)
  })

  it('comes from the agency by name at MAIL_FROM’s address, and shows no part of the visitor’s address', async () => {
    // A plus-tag is the sender's free text inside a stranger's real address.
    const mailbox = `victim${randomBytes(3).toString('hex')}`
    const tag = `Call4045550100ForYourPrize${randomBytes(2).toString('hex')}`
    const address = `${mailbox}+${tag}@example.com`
    await submit(contactPayload(today, { email: address, msg: policyMessage() }))
    await worker().runOnce()
    const [mail] = mailsTo(address)
    expect(mail?.header('from')).toBe(`${agency.name} <website@oakridge-insurance.example>`)
    expect(mail?.header('to')).not.toContain('@')
    const headers = [...(mail?.headers.keys() ?? [])].map((name) => `${name}: ${mail?.header(name)}`)
    const whole = [mail?.raw ?? '', ...headers, mail?.text ?? '', mail?.html ?? ''].join('\n')
    expect(whole).not.toContain(mailbox)
    expect(whole).not.toContain(tag)
    expect(whole).toContain(agency.name)
  })

  it('writes in Spanish to a visitor of the Spanish site', async () => {
    const address = uniqueAddress('espanol')
    const lead = await submit(contactPayload(today, { email: address, msg: policyMessage() }), {
      'content-language': 'es',
    })
    await worker().runOnce()
    const [mail] = mailsTo(address)
    expect(mail?.subject).toBe(`Recibimos su solicitud · Referencia ${lead.reference}`)
    expect(mail?.text).toContain('dentro de una hora hábil')
    expect(mail?.text).toContain('Lo que nos pidió: Mensaje de contacto')
    expect(mail?.text).toContain('/es/privacy')
    expect(mail?.html).toContain('lang="es"')
  })

  it('repeats none of what the visitor typed, so the form cannot relay a message', async () => {
    const address = uniqueAddress('relay')
    // Letters only: the word also goes into a name, which takes no digits.
    const word = `zorblaxian${randomBytes(3)
      .toString('hex')
      .replace(/[0-9]/g, (digit) => 'ghijklmnop'[Number(digit)] ?? 'g')}`
    // No link: a link is a spam signal, and then no copy goes at all (below).
    await submit(
      contactPayload(today, {
        email: address,
        firstName: `Win ${word}`,
        lastName: 'Prizeline',
        msg: `Claim your prize: call 404 555 0100 and say ${word}`,
      }),
    )
    await worker().runOnce()
    const [mail] = mailsTo(address)
    expect(mail).toBeDefined()
    for (const part of [mail?.subject ?? '', mail?.text ?? '', mail?.html ?? '']) {
      expect(part).not.toContain(word)
      expect(part).not.toContain('Prizeline')
      expect(part).not.toContain('555 0100')
    }
  })

  it('sends nothing to the visitor of a lead judged spam', async () => {
    const address = uniqueAddress('spam')
    await submit(contactPayload(today, { email: address, msg: policyMessage(), company: 'Acme SEO' }))
    await worker().runOnce()
    expect(mailsTo(address)).toHaveLength(0)
  })

  it('sends at most three a day to one address; the fourth lead is still stored and mailed to the agency', async () => {
    const address = uniqueAddress('limit')
    const leads = []
    // The same address, written differently: it is one recipient.
    for (const written of [address, address.toUpperCase(), ` ${address}`, address]) {
      leads.push(await submit(contactPayload(today, { email: written, msg: policyMessage() })))
      await worker().runOnce()
    }
    const copies = sink.messages.filter((mail) =>
      mail.envelope.to.some((to) => to.toLowerCase() === address.toLowerCase()),
    )
    expect(copies.map((mail) => mail.subject)).toEqual(
      leads.slice(0, 3).map((lead) => `We received your request · Reference ${lead.reference}`),
    )
    for (const lead of leads) expect(agencyMailOf(lead.id)).toHaveLength(1)

    // The count keeps neither the address nor a digest anyone could recompute from it.
    const rows = await t.db.query<{ mailbox_key: string }>('SELECT mailbox_key FROM visitor_copies_granted')
    const stored = rows.map((row) => row.mailbox_key).join(' ')
    expect(rows).toHaveLength(3)
    for (const spelling of [address, address.toLowerCase()]) {
      expect(stored).not.toContain(spelling)
      expect(stored).not.toContain(createHash('sha256').update(spelling).digest('hex'))
    }
  })

  it('counts a mailbox, not its spellings: plus-tags, Gmail’s dots and googlemail.com get three in all', async () => {
    const inbox = `inbox${randomBytes(3).toString('hex')}`
    const dotted = `${inbox.slice(0, 3)}.${inbox.slice(3, 6)}.${inbox.slice(6)}`
    const spellings = [
      `${inbox}+1@gmail.com`,
      `${inbox}+2@gmail.com`,
      `${dotted}@gmail.com`,
      `${dotted.toUpperCase()}+x@googlemail.com`,
      `${inbox}@GoogleMail.com`,
      `${inbox}@gmail.com`,
    ]
    const other = `desk${randomBytes(3).toString('hex')}`
    const otherSpellings = [
      `${other}+a@example.com`,
      `${other}+b@example.com`,
      `${other}+c@example.com`,
      `${other}+d@example.com`,
    ]
    for (const written of [...spellings, ...otherSpellings])
      await submit(contactPayload(today, { email: written, msg: policyMessage() }))
    await worker().runOnce()
    const reached = (mailbox: string) =>
      sink.messages.filter((mail) => mail.envelope.to.some((to) => to.toLowerCase().startsWith(mailbox)))
    expect(reached(inbox.slice(0, 3))).toHaveLength(3)
    expect(reached(other)).toHaveLength(3)
  })

  it('counts a client address group too: a sixth mailbox from one address in a day gets none', async () => {
    const sender = clientAddress()
    const addresses = Array.from({ length: 6 }, (_, n) => uniqueAddress(`group${n}`))
    const leads = []
    for (const address of addresses)
      leads.push(await submit(contactPayload(today, { email: address, msg: policyMessage() }), {}, sender))
    await worker().runOnce()
    expect(addresses.map((address) => mailsTo(address).length)).toEqual([1, 1, 1, 1, 1, 0])
    for (const lead of leads) expect(agencyMailOf(lead.id)).toHaveLength(1)
  })

  it('sends no copy of a form posted without JavaScript, which carries no proof of work', async () => {
    const address = uniqueAddress('nojs')
    const response = await injectForm(
      t.app,
      '/api/forms/contact-message',
      contactPayload(today, { email: address, msg: policyMessage() }),
      {
        remoteAddress: clientAddress(),
      },
    )
    expect(response.statusCode).toBe(303)
    const [lead] = await t.db.query<{ id: string; is_spam: boolean }>(
      "SELECT id, is_spam FROM leads WHERE fields->>'email' = $1",
      [address],
    )
    expect(lead?.is_spam).toBe(false)
    await worker().runOnce()
    expect(mailsTo(address)).toHaveLength(0)
    expect(agencyMailOf(String(lead?.id))).toHaveLength(1)
  })

  it('sends no copy of a lead with any spam signal, even one short of the verdict', async () => {
    const address = uniqueAddress('signal')
    const lead = await submit(
      contactPayload(today, { email: address, msg: 'My current policy: https://insurer.example/policy' }),
    )
    const [row] = await t.db.query<{ is_spam: boolean }>('SELECT is_spam FROM leads WHERE id = $1', [lead.id])
    expect(row?.is_spam).toBe(false)
    await worker().runOnce()
    expect(mailsTo(address)).toHaveLength(0)
    expect(agencyMailOf(lead.id)).toHaveLength(1)
  })

  it(`sends at most ${visitorCopyLimits.perHour} copies an hour however many addresses send at once`, async () => {
    const wave = visitorCopyLimits.perHour + 10
    const addresses = Array.from({ length: wave }, (_, n) => uniqueAddress(`wave${n}`))
    const leads = await Promise.all(
      addresses.map((address) => submit(contactPayload(today, { email: address, msg: policyMessage() }))),
    )
    await worker().runOnce()
    const copies = addresses.filter((address) => mailsTo(address).length > 0)
    expect(copies).toHaveLength(visitorCopyLimits.perHour)
    for (const lead of leads) expect(agencyMailOf(lead.id)).toHaveLength(1)
    const skipped = await t.db.query<{ last_error: string }>(
      "SELECT last_error FROM visitor_confirmations WHERE status = 'skipped' AND lead_id = ANY($1::uuid[])",
      [leads.map((lead) => lead.id)],
    )
    expect(skipped.map((row) => row.last_error)).toEqual(Array(10).fill('hourly cap'))
  }, 60_000)

  it('sends none when VISITOR_CONFIRMATION=off, and the agency is still mailed', async () => {
    const address = uniqueAddress('off')
    const lead = await submit(contactPayload(today, { email: address, msg: policyMessage() }))
    await worker({ confirmation: false }).runOnce()
    expect(mailsTo(address)).toHaveLength(0)
    expect(agencyMailOf(lead.id)).toHaveLength(1)
  })

  it('sends once after SMTP refused the first attempts, counted once', async () => {
    const address = uniqueAddress('retry')
    const lead = await submit(contactPayload(today, { email: address, msg: policyMessage() }))
    const sender = worker()
    sink.setMode('reject')
    try {
      await sender.runOnce()
      await new Promise((resolve) => setTimeout(resolve, 120))
      await sender.runOnce()
    } finally {
      sink.setMode('accept')
    }
    expect(mailsTo(address)).toHaveLength(0)
    for (let pass = 0; pass < 20 && mailsTo(address).length === 0; pass++) {
      await new Promise((resolve) => setTimeout(resolve, 100))
      await sender.runOnce()
    }
    await sender.runOnce()
    expect(mailsTo(address)).toHaveLength(1)
    expect(mailsTo(address)[0]?.subject).toContain(lead.reference)
    const [row] = await t.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM visitor_confirmations WHERE lead_id = $1',
      [lead.id],
    )
    expect(row?.status).toBe('sent')
    expect(Number(row?.attempts)).toBeGreaterThan(1)
  })
})
