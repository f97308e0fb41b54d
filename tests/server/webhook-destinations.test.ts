/**
 * No stranger can turn the site against the agency through a webhook destination added on the desk:
 * every spelling of an internal address is refused on adding and, through a name that resolves to
 * 127.0.0.1 or an address in the URL, at every attempt, before any connection (a real receiver on
 * 127.0.0.1 counts connections); the desk shows short reasons of ours, never an answer's text;
 * redirects are not followed; the add form redirects and refuses control characters; allowing SSN
 * and EIN asks for the owner's second factor (or password), is audited, and each delivery carrying
 * them is recorded on the lead and on the owner's webhooks page. On PGlite and PostgreSQL.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { afterAll, describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { createDeliveryWorker } from '#server/delivery/delivery-worker.ts'
import { createMailTransport } from '#server/mail/mail-transport.ts'
import { urlProblem } from '#server/security/destination-rules.ts'
import { newRecoveryCodes, pendingSecret, totpFor } from '#server/staff/second-factor.ts'
import { createSession, defaultSessionSettings } from '#server/staff/staff-sessions.ts'
import { hostProblem, isOutsideAddress, outsideOnlyLookup } from '#server/webhooks/destination-address.ts'
import { recentDeliveries } from '#server/webhooks/webhook-jobs.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { makeDestination } from '#tests/kit/webhooks.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { injectForm, submitStoredLead } from './helpers/requests.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers, testEncryptionKey } from './helpers/test-database.ts'

const today = new Date()
const ipHashSalt = 'webhook-destination-tests-salt-0123'
const siteUrl = 'https://desk.oakridge-insurance.example'

/** The list, and more spellings of the same places. */
const internalUrls = [
  'http://127.0.0.1/hook',
  'http://localhost/hook',
  'http://[::1]/hook',
  'http://127.1/hook',
  'http://2130706433/hook',
  'http://0x7f000001/hook',
  'http://localhost:2019/stop',
  'https://127.0.0.1/hook',
  'https://localhost/hook',
  'https://LOCALHOST./hook',
  'https://app.localhost/hook',
  'https://[::1]/hook',
  'https://127.1/hook',
  'https://2130706433/hook',
  'https://0x7f000001/hook',
  'https://0177.0.0.1/hook',
  'https://0x7f.1/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:7f00:1]/hook',
  'https://[0:0:0:0:0:ffff:127.0.0.1]/hook',
  'https://169.254.169.254/latest/meta-data/',
  'https://[::ffff:169.254.169.254]/latest/meta-data/',
  'https://[fd00:ec2::254]/latest/meta-data/',
  'https://10.0.0.1/hook',
  'https://167772161/hook',
  'https://172.16.0.1/hook',
  'https://192.168.1.1/hook',
  'https://[::ffff:192.168.1.1]/hook',
  'https://100.64.0.1/hook',
  'https://100.100.100.200/latest/meta-data/',
  'https://metadata.google.internal/computeMetadata/v1/',
  'https://metadata/computeMetadata/v1/',
  'https://router.lan/hook',
  'https://printer.local/hook',
  'https://0.0.0.0/hook',
  'https://0/hook',
  'https://[::]/hook',
  'https://224.0.0.1/hook',
  'https://255.255.255.255/hook',
  'https://[ff02::1]/hook',
  'https://[fe80::1]/hook',
  'https://[fc00::1]/hook',
  'https://[64:ff9b::7f00:1]/hook',
  'https://[2002:7f00:1::]/hook',
  'https://[2001:db8::1]/hook',
]

/** Refused on the desk (every one above, each for its own reason) but fine for whoever runs the server. */
function deskProblem(text: string): string | undefined {
  return urlProblem(text, { sendSensitive: false, onDesk: true }) ?? hostProblem(new URL(text))
}

describe('the refusal list', () => {
  it.each(internalUrls)('refuses %s on the desk', (url) => {
    expect(deskProblem(url)).toBeDefined()
  })

  it('accepts outside addresses, in IPv4, IPv6 and IPv4 inside IPv6', () => {
    for (const url of [
      'https://crm.example.com/hooks/oak-ridge',
      'https://93.184.215.14/hook',
      'https://[2606:4700:4700::1111]/hook',
      'https://[::ffff:93.184.215.14]/hook',
    ])
      expect(deskProblem(url), url).toBeUndefined()
    for (const address of ['93.184.215.14', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isOutsideAddress(address), address).toBe(true)
    for (const address of [
      '127.0.0.1',
      '::1',
      '::ffff:127.0.0.1',
      '169.254.169.254',
      'fd00:ec2::254',
      'nonsense',
    ])
      expect(isOutsideAddress(address), address).toBe(false)
  })

  it('refuses control characters and takes plain http on the desk nowhere', () => {
    for (const character of ['\r', '\n', '\0', '\t', '\u0007', '\u007f', '\u0085'])
      expect(deskProblem(`https://crm.example.com/ho${character}ok`)).toContain('control characters')
    expect(deskProblem('http://crm.example.com/hook')).toBe('must start with https://')
  })

  it('resolves a name through the lookup the connection uses, and refuses one that resolves inside', async () => {
    const lookup = outsideOnlyLookup(isOutsideAddress)
    const error = await new Promise<unknown>((resolve) =>
      lookup('localhost', { all: true }, (failure) => resolve(failure)),
    )
    expect(error).toMatchObject({ code: 'ERR_ADDRESS_NOT_ALLOWED' })
    const allowed = await new Promise<unknown>((resolve) =>
      outsideOnlyLookup(() => true)('localhost', { all: true }, (failure, addresses) =>
        resolve(failure ?? addresses),
      ),
    )
    expect(allowed).toEqual(expect.arrayContaining([{ address: '127.0.0.1', family: 4 }]))
  })
})

interface Receiver {
  port: number
  /** Connections opened to it, whatever was said on them. */
  connections: number
  requests: number
  close(): Promise<void>
}

/** A receiver on 127.0.0.1 answering `status` with `text` (and a Location for a redirect). */
async function startReceiver(status: number, text: string, location?: string): Promise<Receiver> {
  const server: Server = createServer((request, response) => {
    receiver.requests++
    request.resume()
    request.on('end', () => response.writeHead(status, location ? { location } : {}).end(text))
  })
  const receiver: Receiver = {
    port: 0,
    connections: 0,
    requests: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  server.on('connection', () => receiver.connections++)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  receiver.port = (server.address() as AddressInfo).port
  return receiver
}

describe.each(featureDrivers)('webhook destinations on %s', (driver) => {
  const t = useTestApp(driver, { ipHashSalt, now: () => new Date() })
  const receivers: Receiver[] = []
  afterAll(async () => {
    await Promise.all(receivers.map((receiver) => receiver.close()))
  })
  async function receiver(status: number, text: string, location?: string) {
    const started = await startReceiver(status, text, location)
    receivers.push(started)
    return started
  }

  function worker({ allowLoopback = false, timeoutMs = 10_000 } = {}) {
    return createDeliveryWorker({
      db: t.db,
      transport: createMailTransport({
        mailDir: `${tmpdir()}/dest-test-mail-${randomBytes(4).toString('hex')}`,
      }),
      getForm: getFormDefinition,
      log: { info() {}, warn() {} },
      settings: {
        from: 'website@oakridge-insurance.example',
        to: 'hello@oakridge-insurance.example',
        maxAttempts: 10,
        baseDelayMs: 60_000,
        maxDelayMs: 60_000,
        leaseMs: 60_000,
      },
      webhooks: { encryptionKey: testEncryptionKey, siteUrl, allowLoopback, send: { timeoutMs } },
    })
  }

  async function lastAnswers() {
    const rows = await recentDeliveries(t.db, 100)
    return new Map(rows.map((row) => [row.destinationUrl, row]))
  }

  const submit = async (formKey: string, payload: Record<string, string>) =>
    (await submitStoredLead(t.app, t.db, formKey, payload, { salt: ipHashSalt, now: today })).id

  /** An owner signed in, with a password (and, when asked, a second factor: its secret and codes). */
  async function owner(email: string, password: string, { twoStep = false } = {}) {
    const { id } = await makeStaff(t.db, email, { password, role: 'owner' })
    const session = await createSession(t.db, id, new Date(), defaultSessionSettings)
    let secret = ''
    let codes: string[] = []
    if (twoStep) {
      secret = await pendingSecret(t.db, id, testEncryptionKey)
      await t.db.query('UPDATE staff_users SET totp_enabled_at = now() WHERE id = $1', [id])
      codes = await newRecoveryCodes(t.db, id)
    }
    return { id, cookie: `staff_session=${session.token}`, secret, codes }
  }

  it("refuses every internal spelling on adding, and this machine's own host names", async () => {
    await t.db.query('DELETE FROM webhook_destinations')
    const { cookie } = await owner(`add-${driver}@oakridge-insurance.example`, 'correct horse battery')
    for (const url of internalUrls) {
      const answer = await injectForm(t.app, '/admin/webhooks', { url }, { cookie })
      expect(answer.statusCode, url).toBe(400)
    }
    // This machine's names from /etc/hosts (no dot: completed inside the network, refused by name).
    for (const url of ['https://vm/hook', 'https://runsc./hook']) {
      const answer = await injectForm(t.app, '/admin/webhooks', { url }, { cookie })
      expect(answer.statusCode, url).toBe(400)
    }
    expect(await t.db.query('SELECT id FROM webhook_destinations')).toEqual([])
  })

  it('trims an address, refuses control characters inside it, and redirects once added', async () => {
    await t.db.query('DELETE FROM webhook_destinations')
    const { cookie } = await owner(`trim-${driver}@oakridge-insurance.example`, 'correct horse battery')
    for (const url of [
      'https://crm.example.com/a\r\nX-Injected: 1',
      'https://crm.example.com/a\0b',
      'https://crm.\texample.com/',
    ]) {
      const answer = await injectForm(t.app, '/admin/webhooks', { url }, { cookie })
      expect(answer.statusCode).toBe(400)
      expect(answer.body).toContain('control character')
    }
    const added = await injectForm(
      t.app,
      '/admin/webhooks',
      { url: '  https://crm.example.com/hook \r\n' },
      { cookie },
    )
    expect(added.statusCode).toBe(303)
    expect(await t.db.query('SELECT url FROM webhook_destinations')).toEqual([
      { url: 'https://crm.example.com/hook' },
    ])
  })

  it('refuses internal addresses at every attempt, before connecting, whatever the row says', async () => {
    await t.db.query('DELETE FROM webhook_destinations')
    const target = await receiver(200, 'ok')
    // Rows written past the desk's check (an older version, a hand edit): the attempt still refuses.
    const urls = [
      `https://localhost:${target.port}/hook`,
      `https://127.0.0.1:${target.port}/hook`,
      `https://127.1:${target.port}/hook`,
      `https://2130706433:${target.port}/hook`,
      `https://0x7f000001:${target.port}/hook`,
      `https://[::ffff:127.0.0.1]:${target.port}/hook`,
      `https://vm:${target.port}/hook`,
    ]
    for (const url of urls) await makeDestination(t.db, url)
    await submit('contact-message', validPayload(registeredForm('contact-message'), today))
    await worker().runOnce()
    const answers = await lastAnswers()
    expect(answers.size).toBe(urls.length)
    for (const row of answers.values())
      expect(row, row.destinationUrl).toMatchObject({
        lastStatusCode: null,
        lastResponse: 'address not allowed',
      })
    expect(target.connections).toBe(0)
  })

  it('lets the test setting reach 127.0.0.1 through the checked lookup, and shows short reasons of ours', async () => {
    await t.db.query('DELETE FROM webhook_destinations')
    const busy = await receiver(500, 'Traceback: secret-internal-detail at /srv/crm')
    const elsewhere = await receiver(200, 'moved here')
    const moved = await receiver(302, 'see elsewhere', `http://127.0.0.1:${elsewhere.port}/hook`)
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const closedPort = (closed.address() as AddressInfo).port
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    try {
      const urls = {
        busy: `http://localhost:${busy.port}/hook`,
        moved: `http://127.0.0.1:${moved.port}/hook`,
        silent: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`,
        closed: `http://127.0.0.1:${closedPort}/hook`,
      }
      for (const url of Object.values(urls)) await makeDestination(t.db, url)
      await submit('contact-message', validPayload(registeredForm('contact-message'), today))
      await worker({ allowLoopback: true, timeoutMs: 300 }).runOnce()
      const answers = await lastAnswers()
      expect(answers.get(urls.busy)).toMatchObject({ lastStatusCode: 500, lastResponse: 'refused: HTTP 500' })
      expect(busy.requests).toBe(1)
      expect(answers.get(urls.moved)).toMatchObject({
        lastStatusCode: 302,
        lastResponse: 'refused: HTTP 302 (redirects are not followed)',
      })
      expect(elsewhere.connections).toBe(0)
      expect(answers.get(urls.silent)).toMatchObject({
        lastStatusCode: null,
        lastResponse: 'no answer within 0.3 s',
      })
      expect(answers.get(urls.closed)).toMatchObject({
        lastStatusCode: null,
        lastResponse: 'could not connect',
      })
      const { cookie } = await owner(`log-${driver}@oakridge-insurance.example`, 'correct horse battery')
      const page = await t.app.inject({ url: '/admin/webhooks', headers: { cookie } })
      for (const leaked of ['secret-internal-detail', 'Traceback', 'ECONNREFUSED', 'see elsewhere'])
        expect(page.body).not.toContain(leaked)
    } finally {
      silent.closeAllConnections()
      await new Promise<void>((resolve) => silent.close(() => resolve()))
    }
  })

  describe('SSN and EIN', () => {
    const sensitiveUrl = 'https://crm.example.com/with-ssn'
    const allow = (cookie: string, proof?: string) =>
      injectForm(
        t.app,
        '/admin/webhooks',
        { url: sensitiveUrl, 'send-sensitive': 'yes', ...(proof === undefined ? {} : { proof }) },
        { cookie },
      )
    const allowed = async () =>
      t.db.query<{ send_sensitive: boolean }>(
        'SELECT send_sensitive FROM webhook_destinations WHERE url = $1',
        [sensitiveUrl],
      )
    const audits = (email: string) =>
      t.db.query<{ action: string; target_email: string }>(
        'SELECT action, target_email FROM staff_audit WHERE actor_email = $1',
        [email],
      )

    it('asks an owner without a second factor for the password, and audits it', async () => {
      await t.db.query('DELETE FROM webhook_destinations')
      const email = `nopin-${driver}@oakridge-insurance.example`
      const { cookie } = await owner(email, 'correct horse battery')
      const page = await t.app.inject({ url: '/admin/webhooks', headers: { cookie } })
      expect(page.body).toContain('With SSN and EIN: your password')
      for (const proof of [undefined, '', 'wrong horse battery']) {
        const refused = await allow(cookie, proof)
        expect(refused.statusCode).toBe(400)
        expect(refused.body).toContain('The password is not correct.')
      }
      expect(await allowed()).toEqual([])
      expect(await audits(email)).toEqual([])
      const added = await allow(cookie, 'correct horse battery')
      expect(added.statusCode).toBe(303)
      expect(await allowed()).toEqual([{ send_sensitive: true }])
      expect(await audits(email)).toEqual([{ action: 'webhook-sensitive', target_email: sensitiveUrl }])
    })

    it('asks an owner with a second factor for its code or a recovery code, never the password', async () => {
      await t.db.query('DELETE FROM webhook_destinations')
      const email = `pin-${driver}@oakridge-insurance.example`
      const { cookie, secret, codes } = await owner(email, 'correct horse battery', { twoStep: true })
      const page = await t.app.inject({ url: '/admin/webhooks', headers: { cookie } })
      expect(page.body).toContain('a code from your authenticator app, or a recovery code')
      for (const proof of ['correct horse battery', '000000', 'aaaaa-bbbbb']) {
        const refused = await allow(cookie, proof)
        expect(refused.statusCode, proof).toBe(400)
        expect(refused.body).toContain('The code is not correct.')
      }
      expect(await allowed()).toEqual([])
      const code = totpFor(secret, email).generate({ timestamp: Date.now() })
      expect((await allow(cookie, code)).statusCode).toBe(303)
      await t.db.query('DELETE FROM webhook_destinations')
      // A recovery code works once.
      const recovery = codes[0] ?? ''
      expect((await allow(cookie, recovery)).statusCode).toBe(303)
      await t.db.query('DELETE FROM webhook_destinations')
      expect((await allow(cookie, recovery)).statusCode).toBe(400)
      expect(await audits(email)).toEqual([
        { action: 'webhook-sensitive', target_email: sensitiveUrl },
        { action: 'webhook-sensitive', target_email: sensitiveUrl },
      ])
    })

    it('records each delivery that carries them on the lead and the owner page, once however many attempts', async () => {
      await t.db.query('DELETE FROM webhook_destinations')
      const target = await receiver(500, 'no')
      // https to a plain receiver: the attempt fails after the numbers were readied, so it is recorded.
      const withNumbers = `https://127.0.0.1:${target.port}/with-numbers`
      await makeDestination(t.db, withNumbers, {
        sendSensitive: true,
        createdBy: 'ana@oakridge-insurance.example',
      })
      await makeDestination(t.db, `http://127.0.0.1:${target.port}/without`, { sendSensitive: false })
      const leadId = await submit('workers-comp-quote', {
        ...validPayload(registeredForm('workers-comp-quote'), today),
        ssn1: '111223333',
        ssn2: '444556666',
        ssn3: '',
      })
      await submit('contact-message', validPayload(registeredForm('contact-message'), today))
      await worker({ allowLoopback: true }).runOnce()
      await t.db.query(`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE status = 'pending'`)
      await worker({ allowLoopback: true }).runOnce()
      const [attempts] = await t.db.query<{ most: number }>(
        'SELECT max(attempts) AS most FROM webhook_deliveries',
      )
      expect(Number(attempts?.most)).toBe(2)
      const rows = await t.db.query<{
        lead_id: string
        field_name: string
        webhook_url: string
        staff_email: string
      }>('SELECT lead_id, field_name, webhook_url, staff_email FROM sensitive_reveals ORDER BY field_name')
      expect(rows).toEqual(
        ['ssn1', 'ssn2'].map((field_name) => ({
          lead_id: leadId,
          field_name,
          webhook_url: withNumbers,
          staff_email: 'ana@oakridge-insurance.example',
        })),
      )
      const { cookie } = await owner(`view-${driver}@oakridge-insurance.example`, 'correct horse battery')
      const lead = await t.app.inject({ url: `/admin/leads/${leadId}`, headers: { cookie } })
      expect(lead.body).toContain('sent by webhook to')
      expect(lead.body).toContain(withNumbers)
      const hooks = await t.app.inject({ url: '/admin/webhooks', headers: { cookie } })
      expect(hooks.body).toContain('SSN and EIN sent by webhook')
      expect(hooks.body).toContain(`href="/admin/leads/${leadId}"`)
      expect(hooks.body).toContain('<code>ssn2</code>')
    })
  })
})
