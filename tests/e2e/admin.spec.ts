/**
 * The staff inbox in a real browser against the real server: an account made with the staff
 * command, a lead sent through the public contact form, found, opened, moved to "contacted",
 * exported as CSV, then sign-out; and axe (WCAG 2.2 A/AA) on the staff pages and the owner's
 * (webhooks with a destination added, held notifications with one held).
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { expect } from '@playwright/test'
import { getFormDefinition } from '#forms/registry.ts'
import { solvedProof } from './support/api-proofs.ts'
import { expectNoAxeViolations } from './support/axe.ts'
import { withE2eDatabase } from './support/database.ts'
import { signInToDesk, test } from './support/desk.ts'
import { sendContactMessage } from './support/fill-form.ts'
import { signIn } from './support/sign-in.ts'
import { uniqueWord } from './support/staff-account.ts'

test('staff sign in, find a lead sent from the contact form, change its status, export it, sign out', async ({
  page,
  staff: account,
}) => {
  const lastName = uniqueWord('Quill')

  // A visitor sends the contact form.
  await sendContactMessage(page, {
    firstName: 'Marta',
    lastName: lastName,
    email: `marta.${lastName.toLowerCase()}@example.com`,
    phone: '7705550188',
    msg: 'Please call me about home insurance.',
  })

  // Staff: the inbox asks for a sign-in first.
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Staff sign-in' })).toBeVisible()
  await signIn(page, account)
  await expect(page).toHaveURL(/\/admin$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await expect(page.getByText(`Signed in as ${account.email}`)).toBeVisible()

  await page.getByLabel('Search name, e-mail or phone').fill(lastName)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.locator('table.leads')).toContainText('Contact message')
  // Exactly the name: the row's Call button is named "Call Marta …".
  await page.getByRole('link', { name: `Marta ${lastName}`, exact: true }).click()

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Contact message from Marta ${lastName}`)
  const details = page.getByRole('region', { name: 'What was submitted' })
  await expect(details).toContainText('Please call me about home insurance.')
  await expect(details).toContainText('7705550188')

  // One form saves the contact attempt, note, status, follow-up and assignee together.
  await page.getByLabel('Status', { exact: true }).selectOption('contacted')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.locator('#work-notice')).toContainText('Saved.')
  const stored = await withE2eDatabase((client) =>
    client.query<{ status: string }>(`SELECT status FROM leads WHERE fields->>'lastName' = $1`, [lastName]),
  )
  expect(stored.rows).toEqual([{ status: 'contacted' }])

  // The export follows the inbox's filters.
  await page.getByRole('link', { name: 'Back to the inbox' }).click()
  await page.getByLabel('Search name, e-mail or phone').fill(lastName)
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Export these leads as CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/)
  const csv = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '')
  const [header, ...rows] = csv.trimEnd().split('\r\n')
  // Every cell quoted (a spreadsheet set to any separator keeps each value in its cell).
  // One stable set of columns whatever the filter: the fixed ones, then every form's fields.
  expect(
    (header ?? '').startsWith(
      '"Lead ID","Reference","Received","Received (ISO 8601)","Form","Form key","Line","Language","Status","Spam","Assigned to","Assigned to (e-mail)","First contact","First contact (ISO 8601)","Follow-up","Follow-up (ISO 8601)","Last note","Landing page","Referrer","UTM source","UTM medium","UTM campaign","Ad click","Name","E-mail","Phone","Address line 1","Address line 2","City","State","ZIP code","Message",',
    ),
  ).toBe(true)
  expect(header).toContain('"Owner 2: Full name"')
  expect(rows).toHaveLength(1)
  expect(rows[0]).toContain(
    `,"Contact message","contact-message","Contact & service","English","Contacted","No",`,
  )
  expect(rows[0]).toContain(`,"/contact",`)
  expect(rows[0]).toContain(`,"Marta ${lastName}",`)
  expect(rows[0]).toContain('Please call me about home insurance.')

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/admin\/login\?notice=signed-out$/)
  await expect(page.getByRole('status')).toHaveText('You are signed out.')
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/admin\/login$/)
})

test('the staff pages have no WCAG 2.2 A/AA violations', async ({ page, request, staff: account }) => {
  // axe runs on every staff page at two widths; the lead page now holds the work log too.
  test.setTimeout(90_000)
  const lastName = uniqueWord('Quill')
  const sent = await request.post('/api/forms/contact-message', {
    headers: { 'x-proof-of-work': await solvedProof(request) },
    data: {
      firstName: 'Axel',
      lastName,
      email: 'axel@example.com',
      phone: '7705550177',
      state: '',
      msg: 'Checking the staff pages.',
      company: '',
    },
  })
  expect(sent.status(), await sent.text()).toBe(200)

  await page.goto('/admin/login')
  await expectNoAxeViolations(page, { staffMenu: true })
  await signIn(page, { email: account.email, password: 'not the password' })
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.')
  await expectNoAxeViolations(page, { staffMenu: true })

  await signIn(page, account)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await expectNoAxeViolations(page, { staffMenu: true })

  // A filter that makes no sense is marked on its field.
  await page.goto('/admin?from=2026-02-30')
  await expect(page.getByLabel('Received from')).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page, { staffMenu: true })

  await page.goto(`/admin?q=${lastName}`)
  await page.getByRole('link', { name: `Axel ${lastName}`, exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Contact message from Axel ${lastName}`)
  await expectNoAxeViolations(page, { staffMenu: true })
})

test('an owner adds a colleague from the desk, who signs in with the password shown once; then signs them out and removes them', async ({
  page,
  browser,
  owner,
}) => {
  test.setTimeout(90_000)
  const colleague = `new-${randomBytes(4).toString('hex')}@oakridge-insurance.example`
  await signInToDesk(page, owner)
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Staff accounts' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Staff accounts' })).toBeVisible()
  await expectNoAxeViolations(page, { staffMenu: true })

  await page.getByLabel('E-mail').fill(colleague)
  await page.getByRole('button', { name: 'Add account' }).click()
  await expect(page.getByRole('status')).toHaveText(`${colleague} can now sign in.`)
  const password = (await page.locator('code.secret').textContent()) ?? ''
  expect(password.length).toBeGreaterThanOrEqual(24)
  await expectNoAxeViolations(page, { staffMenu: true })

  // The colleague, on another device.
  const other = await browser.newContext()
  const theirs = await other.newPage()
  await theirs.goto('/admin/login')
  await signIn(theirs, { email: colleague, password })
  // A password the owner read out: the colleague chooses their own before the desk opens.
  await expect(theirs.getByRole('heading', { level: 1, name: 'Choose your own password' })).toBeVisible()
  await expectNoAxeViolations(theirs)
  await theirs.getByLabel('The password you were given').fill(password)
  await theirs.getByLabel('New password', { exact: true }).fill('the colleague chose this 42')
  await theirs.getByLabel('New password again').fill('the colleague chose this 42')
  await theirs.getByRole('button', { name: 'Save my password and continue' }).click()
  await expect(theirs.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
  await expect(theirs.getByRole('link', { name: 'Staff accounts' })).toHaveCount(0)

  await page.getByRole('link', { name: 'Back to staff accounts' }).click()
  const row = page.getByRole('row', { name: new RegExp(colleague.replace(/[.]/g, '\\.')) })
  // Asked first, on a page of its own.
  await row.getByRole('link', { name: 'Sign out everywhere…' }).click()
  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page.getByRole('status')).toHaveText('Signed out everywhere. They must sign in again.')
  await theirs.reload()
  await expect(theirs).toHaveURL(/\/admin\/login$/)
  await other.close()

  await row.getByRole('link', { name: 'Remove…' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Remove ${colleague}?`)
  await expectNoAxeViolations(page, { staffMenu: true })
  await page.getByRole('button', { name: 'Remove the account' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'The account was removed and signed out. Its work log entries keep its e-mail.',
  )
  await expect(page.getByRole('row', { name: new RegExp(colleague.replace(/[.]/g, '\\.')) })).toHaveCount(0)
  await expect(page.getByText(`${owner.email} removed ${colleague}`)).toBeVisible()
})

test('the owner pages, webhooks and held notifications, have no WCAG 2.2 A/AA violations', async ({
  page,
  request,
  owner,
}) => {
  test.setTimeout(90_000)
  // Nothing listens there, and the destination takes only a form no other test sends: it is
  // never delivered to, and the test removes it.
  const destinationUrl = `http://127.0.0.1:9/axe-${randomBytes(4).toString('hex')}`
  const form = getFormDefinition('event-quote')
  if (!form) throw new Error('no event-quote definition')

  // A held notification of a lead of this test, as a restore would leave it, so the page lists one.
  const lastName = uniqueWord('Quill')
  const sent = await request.post('/api/forms/contact-message', {
    headers: { 'x-proof-of-work': await solvedProof(request) },
    data: {
      firstName: 'Helda',
      lastName,
      email: 'helda@example.com',
      phone: '7705550178',
      state: '',
      msg: 'Checking the owner pages.',
      company: '',
    },
  })
  expect(sent.status(), await sent.text()).toBe(200)
  const jobOfLead = async () =>
    withE2eDatabase(async (client) => {
      const { rows } = await client.query<{ id: string; status: string; reference: string }>(
        `SELECT j.id, j.status, l.reference FROM delivery_jobs j JOIN leads l ON l.id = j.lead_id
          WHERE l.fields->>'lastName' = $1`,
        [lastName],
      )
      return rows[0]
    })
  // Held once the e-mail went out, so the delivery worker never writes over the held state.
  await expect.poll(async () => (await jobOfLead())?.status, { timeout: 20_000 }).toBe('sent')
  const job = await jobOfLead()
  if (!job) throw new Error('the lead has no delivery job')
  await withE2eDatabase((client) =>
    client.query(`UPDATE delivery_jobs SET status = 'held', held_at = now(), sent_at = NULL WHERE id = $1`, [
      job.id,
    ]),
  )

  try {
    await signInToDesk(page, owner)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    const staffMenu = page.getByRole('navigation', { name: 'Staff' })

    await staffMenu.getByRole('link', { name: 'Webhooks' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Webhooks' })).toBeVisible()
    await page.getByLabel('Address (URL) the leads are POSTed to').fill(destinationUrl)
    await page
      .getByRole('group', { name: 'Forms' })
      .getByRole('checkbox', { name: form.title, exact: true })
      .check()
    await page.getByRole('button', { name: 'Add destination' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Destination added' })).toBeVisible()
    await expectNoAxeViolations(page, { staffMenu: true })
    await page.getByRole('link', { name: 'Back to webhooks' }).click()
    const destination = page
      .getByRole('table', { name: 'Destinations' })
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: destinationUrl, exact: true }) })
    await expect(destination).toContainText(form.title)
    await expectNoAxeViolations(page, { staffMenu: true })
    // The address refused is marked, and what was typed stays.
    await page.getByLabel('Address (URL) the leads are POSTed to').fill('http://crm.example/leads')
    await page.getByRole('button', { name: 'Add destination' }).click()
    await expect(page.getByRole('alert')).toContainText('must start with https://')
    await expectNoAxeViolations(page, { staffMenu: true })
    await destination.getByRole('button', { name: 'Remove' }).click()
    await expect(page.getByRole('status')).toHaveText('Removed, with its deliveries.')
    await expect(destination).toHaveCount(0)

    await staffMenu.getByRole('link', { name: 'Held notifications' }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: 'Notifications held after a restore' }),
    ).toBeVisible()
    const held = page
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: job.reference, exact: true }) })
    await expect(held).toHaveCount(1)
    await expectNoAxeViolations(page, { staffMenu: true })
    // Discarded, not sent: other tests count the e-mails the agency gets.
    await held.getByRole('button', { name: 'Discard' }).click()
    await expect(page.getByRole('status')).toHaveText('Discarded: that notification will not be sent.')
    await expect(page.getByText(`${owner.email} discarded ${job.reference}`)).toBeVisible()
    await expectNoAxeViolations(page, { staffMenu: true })
  } finally {
    // A failure part way must not leave the shared server a destination or a held notification.
    await withE2eDatabase(async (client) => {
      await client.query('DELETE FROM webhook_destinations WHERE url = $1', [destinationUrl])
      await client.query(`UPDATE delivery_jobs SET status = 'discarded' WHERE id = $1 AND status = 'held'`, [
        job.id,
      ])
    })
  }
})
