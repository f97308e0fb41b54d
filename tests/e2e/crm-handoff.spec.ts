/**
 * A lead handed to the agency's other systems, as the office manager sees it end to end: an owner
 * adds a webhook destination on the desk (docs/api.md, "Webhooks") pointing at a small real HTTP
 * receiver in this test (plain http, which the desk allows to this machine only), a visitor from a
 * campaign sends the boat quote form, the receiver gets the signed `lead.received` event with the
 * lead's reference, form and source, the agency's e-mail links to the same lead on the desk, and
 * the desk lists the delivery as delivered.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { agency } from '#config/agency.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { e2eDataDir } from '../../playwright.config.ts'
import { adminConnectionString, e2eDatabaseName, withE2eDatabase } from './support/database.ts'
import { fillForm } from './support/fill-form.ts'
import { mailsForLead } from './support/mail.ts'
import { signIn } from './support/sign-in.ts'

const staffScript = path.join(import.meta.dirname, '..', '..', 'scripts', 'staff.ts')

/** `node scripts/staff.ts add <email> --owner` on the e2e server's database, as admin.spec.ts does. */
function addOwner(email: string, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [staffScript, 'add', email, '--owner'],
      {
        env: { ...process.env, DATABASE_URL: adminConnectionString(e2eDatabaseName), DATA_DIR: e2eDataDir },
        timeout: 30_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`staff add failed: ${stderr}`)) : resolve(stdout)),
    )
    child.stdin?.end(`${password}\n`)
  })
}

interface Received {
  headers: IncomingHttpHeaders
  body: string
}

/** The other system: a real HTTP server on loopback that accepts every POST and keeps it. */
async function startReceiver() {
  const received: Received[] = []
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      if (request.method === 'POST')
        received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })
      response.writeHead(200, { 'content-type': 'text/plain' }).end('accepted by the test CRM')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/crm/leads`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

interface LeadEvent {
  type: string
  data: {
    id: string
    reference: string
    form: { key: string; title: string }
    source: Record<string, string> | null
    deskUrl: string
  }
}

const boat = getFormDefinition('boat-quote')
if (!boat) throw new Error('no boat-quote definition')
const boatForm = boat

let receiver: Awaited<ReturnType<typeof startReceiver>>

test.beforeEach(async () => {
  receiver = await startReceiver()
})

test.afterEach(async () => {
  // The destination sends every boat quote while it exists: a test that failed before removing it
  // on the desk must not leave the shared server retrying to a receiver that is gone.
  await withE2eDatabase((client) =>
    client.query('DELETE FROM webhook_destinations WHERE url = $1', [receiver.url]),
  )
  await receiver.close()
})

test('an owner adds a webhook; a campaign visitor’s lead reaches it signed, and the e-mail and the desk point at the same lead', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000)
  const owner = {
    email: `owner-${randomBytes(4).toString('hex')}@oakridge-insurance.example`,
    password: `e2e password ${randomBytes(6).toString('hex')}`,
  }
  expect(await addOwner(owner.email, owner.password)).toContain(`Added ${owner.email} as an owner.`)

  // The owner adds the CRM as a destination of boat quotes, through the desk's own form.
  await page.goto('/admin/login')
  await signIn(page, owner)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Webhooks' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
  await page.getByLabel('Address (URL) the leads are POSTed to').fill(receiver.url)
  await page
    .getByRole('group', { name: 'Forms' })
    .getByRole('checkbox', { name: boatForm.title, exact: true })
    .check()
  await page.getByRole('button', { name: 'Add destination' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Destination added' })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(`Leads now go to ${receiver.url}.`)
  const secret = (await page.locator('code.secret').textContent()) ?? ''
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+={0,2}$/)
  await page.getByRole('link', { name: 'Back to webhooks' }).click()
  const destination = page
    .getByRole('table', { name: 'Destinations' })
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: receiver.url, exact: true }) })
  await expect(destination).toContainText(boatForm.title)
  await expect(destination).toContainText('On')

  // A visitor from an e-mail campaign, in a browser of their own, lands on the boat page and asks
  // for a quote.
  const visitorContext = await browser.newContext()
  const visitor = await visitorContext.newPage()
  await visitor.goto('/insurance/vehicle/boat?utm_source=newsletter&utm_campaign=spring-boats')
  const email = `boater.${randomBytes(4).toString('hex')}@example.com`
  await fillForm(visitor, boatForm, { email })
  await visitor
    .locator(`form[data-form-key="${boatForm.key}"]`)
    .getByRole('button', { name: boatForm.submitLabel })
    .click()
  const dialog = visitor.getByRole('dialog')
  await expect(dialog).toContainText(formUiCopy.en.successMessage)
  const reference = (await dialog.locator('.lead-reference').textContent()) ?? ''
  expect(reference).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/)
  await visitorContext.close()

  // The CRM gets the lead within seconds (other tests' boat quotes may arrive too).
  const ofThisLead = () =>
    receiver.received.filter((request) => {
      const event = JSON.parse(request.body) as LeadEvent
      return event.type === 'lead.received' && event.data.reference === reference
    })
  await expect.poll(() => ofThisLead().length, { timeout: 20_000 }).toBe(1)
  const [request] = ofThisLead()
  if (!request) throw new Error('no request')
  expect(request.headers['content-type']).toBe('application/json')
  // Signed with the secret the desk showed: verify() throws on a bad signature or a stale time.
  const verified = new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as LeadEvent
  expect(verified.data).toMatchObject({
    reference,
    form: { key: boatForm.key, title: boatForm.title },
    source: { landing: '/insurance/vehicle/boat', utmSource: 'newsletter', utmCampaign: 'spring-boats' },
    visitor: { email },
  })
  // A signature from any other secret is refused: the CRM can tell these requests from forgeries.
  const forged = `whsec_${randomBytes(32).toString('base64')}`
  expect(() =>
    new Webhook(forged).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    }),
  ).toThrow()

  // The agency's e-mail for the lead carries its reference and a link to it on the desk.
  await expect
    .poll(async () => (await mailsForLead(e2eDataDir, verified.data.id)).length, { timeout: 20_000 })
    .toBe(1)
  const [mail] = await mailsForLead(e2eDataDir, verified.data.id)
  expect(mail?.subject).toContain(reference)
  const deskLink = /Open the lead: (\S+)/.exec(mail?.text ?? '')?.[1] ?? ''
  // The same lead page the CRM was given.
  expect(deskLink).toBe(verified.data.deskUrl)
  // The link names the agency's public address; this server stands in for it, so the owner's
  // signed-in browser opens the link's path here.
  const link = new URL(deskLink)
  expect(link.origin).toBe(new URL(agency.siteUrl).origin)
  await page.goto(link.pathname)
  await expect(page.getByRole('heading', { level: 1 })).toContainText(boatForm.title)
  await expect(page.getByText(reference, { exact: true })).toBeVisible()

  // The desk lists the delivery as delivered, with the CRM's answer.
  await page.goto('/admin/webhooks')
  // Each destination has its own delivery: a test running beside this one may have one too.
  const delivery = page
    .getByRole('table', { name: /latest \d+ deliveries/ })
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: reference, exact: true }) })
    .filter({ hasText: 'lead.received' })
    .filter({ hasText: receiver.url })
  await expect(delivery).toHaveCount(1)
  await expect(delivery).toContainText('Delivered')
  // Our own words for the answer, never the receiver's text (decision 032).
  await expect(delivery).toContainText('accepted: HTTP 200')
  await expect(delivery).not.toContainText('accepted by the test CRM')

  // Done with the test CRM: the owner removes it.
  await destination.getByRole('button', { name: 'Remove' }).click()
  await expect(page.getByRole('status')).toHaveText('Removed, with its deliveries.')
  await expect(destination).toHaveCount(0)
  const stored = await withE2eDatabase((client) =>
    client.query<{ reference: string; form_key: string }>(
      'SELECT reference, form_key FROM leads WHERE id = $1',
      [verified.data.id],
    ),
  )
  expect(stored.rows).toEqual([{ reference, form_key: boatForm.key }])
})
