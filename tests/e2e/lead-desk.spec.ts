/**
 * The lead desk in a real browser: a staff member sets up two-step sign-in (the code made here
 * with otpauth, as an authenticator app would), signs in with a code, finds a lead sent through
 * /contact, has a call link, logs the call, assigns the lead and sees the time to first contact;
 * on a desktop and at 390 px, with axe (WCAG 2.2 A/AA) on the new pages.
 */
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, test } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { e2eDataDir } from '../../playwright.config.ts'
import { adminConnectionString, e2eDatabaseName } from './support/database.ts'

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const staffScript = path.join(import.meta.dirname, '..', '..', 'scripts', 'staff.ts')

function addStaff(email: string, password: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [staffScript, 'add', email],
      {
        env: { ...process.env, DATABASE_URL: adminConnectionString(e2eDatabaseName), DATA_DIR: e2eDataDir },
        timeout: 30_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`staff add failed: ${stderr}`)) : resolve(stdout)),
    )
    child.stdin?.end(`${password}\n`)
  })
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze()
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([])
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('E-mail').fill(account.email)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone (390 px)', width: 390, height: 844 },
]) {
  test(`two-step sign-in, then call, log, assign a lead from /contact (${viewport.name})`, async ({
    page,
  }) => {
    test.setTimeout(90_000)
    await page.setViewportSize({ width: viewport.width, height: viewport.height })
    const account = {
      email: `desk-${randomBytes(4).toString('hex')}@oakridge-insurance.example`,
      password: `e2e password ${randomBytes(6).toString('hex')}`,
    }
    expect(await addStaff(account.email, account.password)).toContain(`Added ${account.email}.`)
    const lastName = `Quill${randomBytes(4).toString('hex').replace(/\d/g, 'x')}`

    // A visitor sends the contact form.
    await page.goto('/contact')
    const form = page.locator('form[data-form-key="contact-message"]')
    await form.locator('[name="firstName"]').fill('Rosa')
    await form.locator('[name="lastName"]').fill(lastName)
    await form.locator('[name="email"]').fill(`rosa.${lastName.toLowerCase()}@example.com`)
    await form.locator('[name="phone"]').fill('7705550199')
    await form.locator('[name="msg"]').fill('Please call me about renters insurance.')
    await form.getByRole('button', { name: 'Send Message' }).click()
    await expect(page.getByRole('dialog')).toContainText('Message sent successfully!')

    // In development two-step sign-in is offered: set it up.
    await page.goto('/admin/login')
    await signIn(page, account)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    await page.getByRole('link', { name: 'Two-step sign-in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Set up two-step sign-in' })).toBeVisible()
    await expectNoAxeViolations(page)
    const secret = ((await page.locator('[data-totp-secret]').textContent()) ?? '').replace(/\s/g, '')
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) })
    await page.getByLabel('Code from the app').fill(totp.generate())
    await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in is on' })).toBeVisible()
    await expect(page.locator('.recovery-codes li')).toHaveCount(10)
    await expectNoAxeViolations(page)
    await page.getByRole('button', { name: 'Sign out' }).click()

    // Signing in now asks for the code (the next time step: a code is accepted only once).
    await signIn(page, account)
    await expect(page.getByRole('heading', { level: 1, name: 'Enter your sign-in code' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page
      .getByLabel('Code from your authenticator app')
      .fill(totp.generate({ timestamp: Date.now() + 30_000 }))
    await page.getByRole('button', { name: 'Continue' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()

    // Find the lead; open it; the call link is there.
    await page.getByRole('link', { name: 'Unassigned' }).click()
    await page.getByLabel('Search name, e-mail or phone').fill(lastName)
    await page.getByRole('button', { name: 'Apply filters' }).click()
    await page.getByRole('link', { name: `Rosa ${lastName}` }).click()
    await expect(page.getByRole('link', { name: /^Call / })).toHaveAttribute('href', 'tel:+17705550199')
    await expect(page.getByRole('link', { name: 'E-mail a reply' })).toHaveAttribute('href', /^mailto:rosa\./)
    await expectNoAxeViolations(page)

    // Log the call, assign it to me.
    await page.getByRole('radio', { name: 'Call' }).check()
    await page.getByRole('radio', { name: 'Reached' }).check()
    await page.getByLabel('Note (optional)').fill('Wants a renters quote for June.')
    await page.getByRole('button', { name: 'Log contact attempt' }).click()
    await expect(page.getByRole('status')).toHaveText('Contact attempt logged.')
    await page.getByRole('button', { name: 'Assign to me' }).click()
    await expect(page.getByRole('status')).toHaveText('Assignment saved.')

    const summary = page.locator('dl.summary')
    await expect(summary).toContainText(/Time to first contact\s*\d+ min/)
    await expect(summary).toContainText(account.email)
    await expect(page.locator('.timeline')).toContainText('Wants a renters quote for June.')
    await expect(page.locator('.timeline')).toContainText(`Assigned to ${account.email}`)

    // Mine lists it.
    await page.goto('/admin?assigned=mine')
    await expect(page.getByRole('link', { name: `Rosa ${lastName}` })).toBeVisible()
    await expectNoAxeViolations(page)
  })
}
