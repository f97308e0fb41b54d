/**
 * What a new visitor on a 390 px touch phone finds: the privacy notice linked from the footer of
 * every form page in both languages (in the page as served) and two taps away (tapped on two of
 * them: the footer is one component), the agency's licence number, a menu that lists the
 * insurance lines, says Close while open and closes on Escape and on a tap outside, and
 * /get-a-quote pointing at the detailed quote forms by line. Axe on the new page and the open menu.
 */
import { expect, test } from '@playwright/test'
import { agency } from '#config/agency.ts'
import { formDefinitions } from '#forms/registry.ts'
import { axeScan, violationLines } from './support/axe.ts'

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

/** Every page that carries a form, English and Spanish. */
const formPages = [...new Set(formDefinitions.flatMap((form) => form.pages))]

for (const [locale, footerLink, heading] of [
  ['', 'Privacy Notice', 'Privacy notice'],
  ['/es', 'Aviso de privacidad', 'Aviso de privacidad'],
] as const) {
  // Every form page as served: its footer names the licence and links to the notice.
  test(`every form page's footer links to the privacy notice (${locale || 'en'})`, async ({ request }) => {
    for (const path of formPages) {
      const html = await (await request.get(`${locale}${path === '/' ? '' : path}` || '/')).text()
      const footer = html.slice(html.lastIndexOf('<footer'))
      expect(footer, path).toContain(agency.licenseNumber)
      expect(footer, path).toMatch(new RegExp(`<a[^>]*href="${locale}/privacy"[^>]*>${footerLink}</a>`))
    }
  })

  // The footer is one component: two taps on a touch phone from two of those pages.
  test(`the privacy notice is two taps from a form page (${locale || 'en'})`, async ({ page }) => {
    for (const path of ['/contact', '/insurance/vehicle/boat']) {
      await page.goto(`${locale}${path}`)
      const footer = page.locator('footer')
      await expect(footer, path).toContainText(agency.licenseNumber)
      await footer.getByRole('link', { name: footerLink }).tap()
      await expect(page, path).toHaveURL(new RegExp(`${locale}/privacy$`))
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
    }
  })
}

test('the privacy notice says what is kept, for how long, and how to ask for it', async ({ page }) => {
  await page.goto('/privacy')
  const main = page.locator('main')
  for (const words of ['one year', 'encrypted', 'No cookies', 'session storage', agency.email]) {
    await expect(main).toContainText(words)
  }
  await page.goto('/es/privacy')
  for (const words of ['un año', 'cifran', 'Sin cookies', 'almacenamiento de sesión']) {
    await expect(page.locator('main')).toContainText(words)
  }
})

test('the menu says Close while open and closes on a tap outside and on Escape', async ({ page }) => {
  await page.goto('/insurance/vehicle/boat')
  const toggle = page.locator('#menu-toggle')
  const menu = page.locator('#site-menu')
  await toggle.tap()
  await expect(menu).toBeVisible()
  await expect(toggle).toHaveAccessibleName('Close')
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')

  // A tap on the page below the menu closes it.
  await page.touchscreen.tap(195, 800)
  await expect(menu).toBeHidden()
  await expect(toggle).toHaveAccessibleName('Menu')

  await toggle.tap()
  await expect(menu).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
  await expect(toggle).toBeFocused()

  await page.goto('/es/insurance/vehicle/boat')
  await page.locator('#menu-toggle').tap()
  await expect(page.locator('#menu-toggle')).toHaveAccessibleName('Cerrar')
})

test('the menu lists the insurance lines and their products, and axe finds nothing in it', async ({
  page,
}) => {
  await page.goto('/')
  await page.locator('#menu-toggle').tap()
  await page.locator('#site-menu summary', { hasText: 'Insurance lines' }).tap()
  const menu = page.locator('#site-menu')
  for (const name of ['Vehicles Insurance', 'Boat Insurance', 'Flood Insurance', 'Workers’ Compensation']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible()
  }
  const results = await axeScan(page, { exclude: 'iframe' })
  expect(results.violations.map((v) => v.id)).toEqual([])

  // A tap outside closes the open lines too.
  await page.touchscreen.tap(195, 800)
  await expect(menu).toBeHidden()
  await expect(page.locator('details[data-nav-lines]')).not.toHaveAttribute('open')
})

test('/get-a-quote offers the detailed quote forms by line, above its form', async ({ page }) => {
  await page.goto('/get-a-quote')
  const section = page.locator('.quote-lines')
  for (const line of [
    'Vehicles Insurance',
    'Property Insurance',
    'Life/Financial Insurance',
    'Business Insurance',
  ]) {
    await expect(section.getByRole('heading', { name: line })).toBeVisible()
  }
  // Every quote form's own page is offered (the general request's page aside).
  const expected = formDefinitions
    .filter((form) => form.family === 'quote' && form.key !== 'quote-request')
    .map((form) => form.pages[0])
  const hrefs = await section
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')))
  for (const path of [...expected, '/insurance/vehicle/auto', '/insurance/property/home']) {
    expect(hrefs).toContain(path)
  }
  const sectionBox = await section.boundingBox()
  const formBox = await page.locator('#quote-form').boundingBox()
  expect(sectionBox?.y ?? 0).toBeLessThan(formBox?.y ?? 0)

  await page.goto('/es/get-a-quote')
  await expect(page.locator('.quote-lines').getByRole('link', { name: 'Seguro de bote' })).toHaveAttribute(
    'href',
    '/es/insurance/vehicle/boat',
  )
})

for (const path of ['/privacy', '/es/privacy', '/get-a-quote', '/es/get-a-quote']) {
  test(`${path}: axe finds no WCAG A/AA violation`, async ({ page }) => {
    await page.goto(path)
    expect(violationLines(await axeScan(page, { exclude: 'iframe' }))).toEqual([])
  })
}
