/**
 * The inbox fits a desk: from 1280 to 1920 px the leads table is no wider than its box (no column
 * pushed out of view behind a sideways scroll), long names and e-mails wrap between their parts
 * rather than mid-word, at least eight leads show above the fold at 1280 × 800, and each lead's
 * line of insurance and language are shown and filter the list.
 */
import { expect, type Page, test } from '@playwright/test'
import type { Locale } from '#content/locale.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { withE2eStore } from './support/database.ts'
import { signInToDesk } from './support/desk.ts'
import { newStaffAccount, uniqueWord } from './support/staff-account.ts'

/** Long names and addresses as real people have them, in both languages and several lines. */
const people: { first: string; last: string; form: string; language: Locale }[] = [
  { first: 'María Guadalupe', last: 'Hernández-Villanueva', form: 'boat-quote', language: 'es' },
  { first: 'Bartholomew Alexander', last: 'Montgomery-Fitzgerald', form: 'business-quote', language: 'en' },
  { first: 'Anh', last: 'Nguyen', form: 'contact-message', language: 'en' },
  { first: 'José Francisco', last: 'Castañeda Domínguez', form: 'landlord-quote', language: 'es' },
  { first: 'Christopher', last: 'Vanderbilt-Worthington', form: 'life-insurance-quote', language: 'en' },
  { first: 'Guadalupe', last: 'Ibáñez', form: 'general-liability-quote', language: 'es' },
]

async function storeLeads(tag: string): Promise<void> {
  await withE2eStore(async (db) => {
    for (let n = 0; n < 12; n++) {
      const person = people[n % people.length] ?? people[0]
      if (!person) throw new Error('no person')
      const local = `${person.first}.${person.last}`
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/\s+/g, '.')
      const fields: Record<string, string> =
        person.form.includes('business') || person.form.includes('liability')
          ? {
              businessName: `Construcciones ${person.last} ${tag}`,
              contactName: `${person.first} ${person.last}`,
            }
          : { firstName: person.first, lastName: `${person.last} ${tag}` }
      await storeLead(db, {
        form: person.form,
        language: person.language,
        fields: {
          ...fields,
          email: `${local}@construcciones-del-norte-${n}.example`,
          phone: `770555${String(2000 + n)}`,
          msg: 'x',
        },
        receivedAt: new Date(Date.now() - n * 60_000),
        notification: 'sent',
      })
    }
  })
}

async function tableFit(page: Page) {
  return page.evaluate(() => {
    const box = document.querySelector('.leads-scroll')
    const table = document.querySelector('table.leads')
    if (!box || !table) throw new Error('no leads table')
    const boxRect = box.getBoundingClientRect()
    // Every part of an e-mail between its break points (inbox-page.ts wrappableEmail) on one line.
    const brokenParts: string[] = []
    for (const part of document.querySelectorAll('table.leads .contact-email > span')) {
      const range = document.createRange()
      range.selectNodeContents(part)
      const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
      if (lines.size > 1) brokenParts.push(part.textContent ?? '')
    }
    return {
      tableWidth: table.getBoundingClientRect().width,
      scrollWidth: box.scrollWidth,
      boxWidth: box.clientWidth,
      tableRight: table.getBoundingClientRect().right,
      boxRight: boxRect.right,
      brokenParts,
      rowsAboveFold: [...table.querySelectorAll('tbody tr')].filter(
        (row) => row.getBoundingClientRect().bottom <= window.innerHeight,
      ).length,
    }
  })
}

test('the inbox fits 1280 to 1920 px with long names and e-mails, eight leads above the fold, line and language filters', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const tag = uniqueWord('Fit')
  await storeLeads(tag)
  const account = await newStaffAccount()
  await page.setViewportSize({ width: 1280, height: 800 })
  await signInToDesk(page, account)
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()

  await page.goto(`/admin?q=${tag}`)
  await expect(page.locator('table.leads tbody tr')).toHaveCount(12)
  await page.screenshot({ path: 'test-results/inbox-fit-1280x800.png' })
  const at1280 = await tableFit(page)
  expect(at1280.rowsAboveFold, 'leads above the fold at 1280 × 800').toBeGreaterThanOrEqual(8)
  for (const width of [1280, 1440, 1600, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    const fit = await tableFit(page)
    expect(fit.scrollWidth, `nothing scrolls sideways in the table's box at ${width} px`).toBeLessThanOrEqual(
      fit.boxWidth,
    )
    expect(fit.tableRight, `the table ends inside its box at ${width} px`).toBeLessThanOrEqual(
      fit.boxRight + 0.5,
    )
    expect(fit.brokenParts, `e-mails wrap only after @ or before a dot at ${width} px`).toEqual([])
  }

  // Each lead says its line and language; both filter the list.
  await page.setViewportSize({ width: 1280, height: 800 })
  const first = page.locator('table.leads tbody tr').filter({ hasText: 'Hernández-Villanueva' }).first()
  await expect(first.getByRole('cell').nth(3)).toContainText('Vehicle')
  await expect(first.getByRole('cell').nth(4)).toHaveText('Spanish')
  await page.getByText('Filters, search and order').click()
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption({ label: 'Spanish' })
  await page.getByRole('button', { name: 'Apply filters' }).click()
  await expect(page.locator('table.leads tbody tr')).toHaveCount(6)
  await expect(page.locator('table.leads tbody')).not.toContainText('Montgomery')
  // A filter applied keeps the filters open.
  await page
    .getByRole('combobox', { name: 'Line of insurance', exact: true })
    .selectOption({ label: 'Business' })
  await page.getByRole('button', { name: 'Apply filters' }).click()
  // Spanish and business: Guadalupe Ibáñez's general liability requests.
  await expect(page.locator('table.leads tbody tr')).toHaveCount(2)
  await expect(page.locator('table.leads tbody')).toContainText('Guadalupe Ibáñez')
})
