/**
 * What a browser alone shows of a person's requests and of a save: at 1280 px the work queue's
 * entry for a person with three requests (long name, long e-mail) fits its box with their other
 * requests under it, nothing clipped; on a 390 px phone, after a save on the lead page, "Saved."
 * and what was saved are inside the viewport, with the page's script and without it.
 */
import { expect, type Page, test } from '@playwright/test'
import { storeLead } from '#tests/kit/leads.ts'
import { withE2eStore } from './support/database.ts'
import { signIn } from './support/sign-in.ts'
import { newStaffAccount, uniqueWord } from './support/staff-account.ts'

/** One person's requests (the same e-mail) and one lead of someone else; the person's first id. */
async function storePerson(tag: string): Promise<string> {
  // Phones of their own: a phone shared with another test's lead would make them one person.
  const phone = () => `770${String(Math.floor(Math.random() * 10_000_000)).padStart(7, '0')}`
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000)
  // Stored through the lead repository as a visitor's lead is; the agency already told of each
  // (notification sent), so the server's delivery worker has nothing to send.
  return withE2eStore(async (db) => {
    const person = {
      firstName: 'María Guadalupe',
      lastName: `Hernández-Villanueva ${tag}`,
      email: `maria.guadalupe.hernandez-villanueva@construcciones-del-norte-${tag.toLowerCase()}.example`,
      phone: phone(),
      msg: 'x',
    }
    const ids: string[] = []
    for (const [index, form] of ['boat-quote', 'landlord-quote', 'life-insurance-quote'].entries()) {
      const lead = await storeLead(db, {
        form,
        language: 'es',
        fields: person,
        receivedAt: minutesAgo(index * 5),
        status: index === 2 ? 'contacted' : 'new',
        notification: 'sent',
      })
      ids.push(lead.id)
    }
    await storeLead(db, {
      fields: {
        firstName: 'Anh',
        lastName: `Nguyen ${tag}`,
        email: `anh.${tag.toLowerCase()}@example.com`,
        phone: phone(),
      },
      notification: 'sent',
    })
    return ids[0] ?? ''
  })
}

/** Whether every cell and list item of the table ends inside the table's box, and the box scrolls not. */
async function clipped(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('.leads-scroll')
    if (!box) throw new Error('no leads table')
    const problems: string[] = []
    if (box.scrollWidth > box.clientWidth)
      problems.push(`the box scrolls: ${box.scrollWidth} > ${box.clientWidth}`)
    const right = box.getBoundingClientRect().right + 0.5
    for (const part of box.querySelectorAll('td, .person-requests li')) {
      if (part.getBoundingClientRect().right > right)
        problems.push(`ends outside: ${part.textContent?.slice(0, 40)}`)
      if (part.scrollWidth > part.clientWidth + 1)
        problems.push(`overflows: ${part.textContent?.slice(0, 40)}`)
    }
    return problems
  })
}

test('at 1280 px a person with three requests is one entry, the others under it, nothing clipped', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const tag = uniqueWord('Person')
  await storePerson(tag)
  const account = await newStaffAccount()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/admin/login')
  await signIn(page, account)
  await page.goto(`/admin?q=${tag}`)
  await expect(page.getByText('2 people with 4 requests match.')).toBeVisible()
  const entry = page.locator('table.leads tbody tr.has-requests')
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('María Guadalupe')
  const others = page.getByRole('list', { name: /^Other requests from María Guadalupe/ })
  await expect(others.getByRole('listitem')).toHaveCount(2)
  await expect(others).toContainText('Contacted')
  await page.screenshot({ path: 'test-results/inbox-person-1280x800.png' })
  for (const width of [1280, 1920]) {
    await page.setViewportSize({ width, height: 800 })
    expect(await clipped(page), `nothing clipped at ${width} px`).toEqual([])
  }
  // On a phone the person's card and their other requests read as one, no wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expect(page.getByRole('link', { name: /^Log the call to María Guadalupe/ })).toBeVisible()
})

for (const javaScriptEnabled of [true, false]) {
  test(`on a 390 px phone "Saved." is in view after a save (${javaScriptEnabled ? 'with' : 'without'} the script)`, async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const tag = uniqueWord('Saved')
    const id = await storePerson(tag)
    const account = await newStaffAccount()
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, javaScriptEnabled })
    const page = await context.newPage()
    await page.goto('/admin/login')
    await signIn(page, account)
    await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeVisible()
    await page.goto(`/admin/leads/${id}`)
    await page.getByRole('radio', { name: 'Call' }).check()
    await page.getByLabel('Note (optional)').fill('Left a message about the boat.')
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    const notice = page.getByRole('status').filter({ hasText: 'Saved.' })
    await expect(notice).toContainText('Left a message about the boat.')
    await expect(notice).toBeInViewport({ ratio: 1 })
    await page.screenshot({
      path: `test-results/saved-390-${javaScriptEnabled ? 'script' : 'no-script'}.png`,
    })
    await context.close()
  })
}
