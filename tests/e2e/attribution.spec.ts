/**
 * Where a lead came from, in a real browser (app/site/attribution.ts, forms/lead-source.ts):
 * a visitor lands from a Google campaign, browses, sends the contact form; staff see the campaign
 * and the landing page on the lead. The site sets no cookie for it.
 */

import { randomBytes } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { withE2eDatabase } from './support/database.ts'
import { sendContactMessage } from './support/fill-form.ts'
import { signIn } from './support/sign-in.ts'
import { newStaffAccount } from './support/staff-account.ts'

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
  await sendContactMessage(page, {
    firstName: 'Nora',
    lastName: lastName,
    email: `nora.${lastName.toLowerCase()}@example.com`,
    phone: '7705550177',
    msg: 'Do you insure pontoon boats?',
  })
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

  const account = await newStaffAccount({ prefix: 'src' })
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
