/**
 * Where a lead came from, in a real browser (app/site/attribution.ts, forms/lead-source.ts):
 * a visitor lands from a Google campaign, browses, sends the contact form; staff see the campaign
 * and the landing page on the lead. The site sets no cookie for it.
 */

import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import { e2eDataDir } from '../../playwright.config.ts'
import { adminConnectionString, e2eDatabaseName, withE2eDatabase } from './support/database.ts'
import { signIn } from './support/sign-in.ts'

const staffScript = path.join(import.meta.dirname, '..', '..', 'scripts', 'staff.ts')

/** `node scripts/staff.ts add <email>` on the e2e server's database, as tests/e2e/admin.spec.ts does. */
function addStaff(email: string, password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      [staffScript, 'add', email],
      {
        env: { ...process.env, DATABASE_URL: adminConnectionString(e2eDatabaseName), DATA_DIR: e2eDataDir },
        timeout: 30_000,
      },
      (error, _stdout, stderr) => (error ? reject(new Error(`staff add failed: ${stderr}`)) : resolve()),
    )
    child.stdin?.end(`${password}\n`)
  })
}

/** Letters only: a name the contact form accepts and a search finds in no other test's lead. */
function uniqueName(): string {
  return `Source${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
}

test('a visitor from a Google campaign browses and writes in; staff see the campaign and the landing page, no cookie set', async ({
  page,
}) => {
  const lastName = uniqueName()
  await page.goto('/insurance/vehicle/boat?utm_source=google&utm_campaign=boats&gclid=Cj0-a-click-id')
  await page.goto('/about')
  await page.goto('/about/testimonials')
  await page.goto('/contact')
  const form = page.locator('form[data-form-key="contact-message"]')
  await form.locator('[name="firstName"]').fill('Nora')
  await form.locator('[name="lastName"]').fill(lastName)
  await form.locator('[name="email"]').fill(`nora.${lastName.toLowerCase()}@example.com`)
  await form.locator('[name="phone"]').fill('7705550177')
  await form.locator('[name="msg"]').fill('Do you insure pontoon boats?')
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('dialog')).toContainText('Message sent successfully!')
  expect(await page.context().cookies()).toEqual([])

  const stored = await withE2eDatabase((client) =>
    client.query<{ id: string; source: unknown }>(
      `SELECT id, source FROM leads WHERE fields->>'lastName' = $1`,
      [lastName],
    ),
  )
  // The kind of click id only, never the id itself.
  expect(stored.rows).toEqual([
    {
      id: expect.any(String),
      source: {
        landing: '/insurance/vehicle/boat',
        utmSource: 'google',
        utmCampaign: 'boats',
        clickId: 'gclid',
      },
    },
  ])

  const account = {
    email: `src-${randomBytes(4).toString('hex')}@oakridge-insurance.example`,
    password: `e2e password ${randomBytes(6).toString('hex')}`,
  }
  await addStaff(account.email, account.password)
  await page.goto('/admin')
  await signIn(page, account)
  await expect(page).toHaveURL(/\/admin$/)
  // Straight to the lead's page (the inbox's own tests find it through the filters).
  await page.goto(`/admin/leads/${stored.rows[0]?.id}`)
  const source = page.getByRole('region', { name: 'Source' })
  await expect(source).toContainText('google / boats')
  await expect(source).toContainText('/insurance/vehicle/boat')
  await expect(source).toContainText('Google Ads (gclid)')
})
