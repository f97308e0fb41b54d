import { expect, test } from '@playwright/test'
import { publicPaths } from '#app/site/route-table.ts'
import { agency } from '#config/agency.ts'
import { formText } from '#content/form-text.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { withE2eDatabase } from './support/database.ts'
import { fillForm } from './support/fill-form.ts'

/**
 * Words each page must show, from the design brief's page descriptions (docs/contracts.md, "Pages";
 * checked in the raw HTML).
 */
const keyContent: Record<string, string[]> = {
  '/': [
    'Get Your Free Quote Today',
    'Our Insurance Services',
    agency.owner.title.en,
    'Learn more about us',
    'and more',
  ],
  '/about': ['About Our Agency'],
  '/about/client-center': ['About Our Agency'],
  '/about/testimonials': ['About Our Agency'],
  '/about/refer-friend': ['About Our Agency'],
  '/contact': ['Contact Us', 'Monday', 'Friday'],
  '/get-a-quote': ['Insurance Quotes'],
  '/services': ['Online Service Center', 'legally binding'],
  '/services/free-consultation': ['Online Service Center'],
  '/services/contact-carrier': ['Online Service Center'],
  '/services/update-info': ['Online Service Center'],
  '/services/proof-insurance': ['Online Service Center'],
  '/insurance-carriers': ['Insurance Carriers We Represent'],
  '/privacy': ['Privacy notice', 'one year', 'No cookies', agency.licenseNumber],
  '/insurance': [
    'Insurance Products & Services',
    'Business Insurance',
    'Property Insurance',
    'Vehicles Insurance',
    'Life/Financial Insurance',
    'Other Insurance',
  ],
  '/insurance/vehicle': [
    'What is Vehicles Insurance?',
    'Core Coverage Areas',
    'Auto Insurance',
    'ATV Insurance',
    'Boat Insurance',
    'Classic Car Insurance',
    'Motorcycle Insurance',
    'RV Insurance',
  ],
  '/insurance/vehicle/auto': ['What is Auto Insurance?', 'Request your auto insurance quote'],
  '/insurance/vehicle/atv': [
    'What is All Terrain Vehicle Insurance?',
    'snowmobiles',
    'Segways',
    'golf carts',
  ],
  '/insurance/vehicle/boat': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/vehicle/classic-car': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/vehicle/motorcycle': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/vehicle/rv': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/property': ['Home', 'Flood', 'Renters', 'Landlord'],
  '/insurance/property/home': ['80%', '$200', 'Request your home insurance quote'],
  '/insurance/property/flood': ['20%'],
  '/insurance/property/landlord': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/property/renters': ['How much'],
  '/insurance/life': ['Final Expense', 'Umbrella'],
  '/insurance/life/life-insurance': ['Term', 'Whole', 'Universal', '2%'],
  '/insurance/life/final-expense': ['100'],
  '/insurance/life/umbrella': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/business': [
    'Building the Future. We Protect It.',
    'What is Business Insurance?',
    'Core Coverage Areas',
  ],
  '/insurance/business/general-liability': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/business/bop': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/business/workers-compensation': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/others': ['Beyond the Basics: What is Specialty Insurance?'],
  '/insurance/others/animal-liability': ['GET YOUR INSURANCE QUOTE NOW'],
  '/insurance/others/event': ['Do You Need Event Insurance?'],
}

/** The text of an HTML document as a reader sees it, without running any script. */
function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
}

test('the route table holds the 37 routes of the contract and the privacy notice', () => {
  expect(publicPaths()).toHaveLength(38)
  expect(Object.keys(keyContent).sort()).toEqual([...publicPaths()].sort())
})

for (const path of publicPaths()) {
  test(`${path} is prerendered HTML with its heading and copy before any script runs`, async ({
    request,
  }) => {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toContain('text/html')
    const html = await response.text()
    expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1)
    expect(html).toMatch(/<title>[^<]+<\/title>/)
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/)
    expect(html).toContain('rel="canonical"')
    const text = visibleText(html)
    for (const words of keyContent[path] ?? []) expect(text).toContain(words)
    for (const landmark of ['<header', '<nav', '<main', '<footer', 'class="skip-link"'])
      expect(html).toContain(landmark)
  })
}

test('an unknown path answers 404 with a page that leads back to the main sections', async ({ page }) => {
  const response = await page.goto('/no-such-page/anywhere')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  const main = page.getByRole('main')
  for (const name of ['Home', 'Services', 'Insurance', 'About', 'Contact', 'Get a Quote']) {
    await expect(main.getByRole('link', { name, exact: true })).toBeVisible()
  }
})

test('the navbar marks the current section and shows the phone as a tel: link', async ({ page }) => {
  await page.goto('/insurance/vehicle/boat')
  const nav = page.getByRole('navigation', { name: 'Main' })
  await expect(nav.getByRole('link', { name: 'Insurance', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
    'aria-current',
    'page',
  )
  await expect(page.locator('header a[href^="tel:"]').first()).toBeVisible()
  await page.goto('/')
  await expect(nav.getByRole('link', { name: 'Home', exact: true })).toHaveAttribute('aria-current', 'page')
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } })

  test('the menu toggle opens and closes the menu, and choosing a link closes it', async ({ page }) => {
    await page.goto('/')
    // Found by its id: its name says Close while the menu is open.
    const toggle = page.locator('#menu-toggle')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeHidden()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeVisible()
    await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeHidden()
    await toggle.click()
    await nav.getByRole('link', { name: 'Services', exact: true }).click()
    await expect(page).toHaveURL(/\/services$/)
    await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'false')
    await expect(nav.getByRole('link', { name: 'Contact', exact: true })).toBeHidden()
  })

  test('banner titles are hidden on small screens', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.locator('.banner')).toBeHidden()
  })
})

test('banner titles show from medium screens up', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 })
  await page.goto('/contact')
  await expect(page.locator('.banner').getByText('Contact Us')).toBeVisible()
})

const accordions: [string, number, boolean][] = [
  ['/insurance/vehicle/auto', 6, true],
  ['/insurance/vehicle/motorcycle', 9, false],
  ['/insurance/vehicle/rv', 7, false],
  ['/insurance/life/life-insurance', 4, true],
  ['/insurance/business', 11, true],
]

for (const [path, count, firstOpen] of accordions) {
  test(`${path}: the accordion has ${count} panels and keeps one open at a time`, async ({ page }) => {
    await page.goto(path)
    const triggers = page.locator('[data-accordion] button[aria-controls]')
    await expect(triggers).toHaveCount(count)
    const expanded = page.locator('[data-accordion] button[aria-expanded="true"]')
    await expect(expanded).toHaveCount(firstOpen ? 1 : 0)
    if (firstOpen) await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true')

    await triggers.nth(2).click()
    await expect(expanded).toHaveCount(1)
    await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'true')
    const panelId = await triggers.nth(2).getAttribute('aria-controls')
    await expect(page.locator(`[id="${panelId}"]`)).toBeVisible()

    // keyboard: focus the second trigger and press Enter
    await triggers.nth(1).focus()
    await page.keyboard.press('Enter')
    await expect(triggers.nth(1)).toHaveAttribute('aria-expanded', 'true')
    await expect(triggers.nth(2)).toHaveAttribute('aria-expanded', 'false')
    await expect(page.locator(`[id="${panelId}"]`)).toBeHidden()
    await expect(expanded).toHaveCount(1)
  })
}

test('the home coverages accordion opens its first item and keeps one open', async ({ page }) => {
  await page.goto('/insurance/property/home')
  const triggers = page.locator('[data-accordion] button[aria-controls]')
  expect(await triggers.count()).toBeGreaterThanOrEqual(6)
  await expect(triggers.first()).toHaveAttribute('aria-expanded', 'true')
  await triggers.last().click()
  await expect(page.locator('[data-accordion] button[aria-expanded="true"]')).toHaveCount(1)
})

const heroTargets: [string, string][] = [
  ['/insurance/vehicle/atv', 'vehicle-atv-quote'],
  ['/insurance/vehicle/boat', 'vehicle-boat-quote'],
  ['/insurance/vehicle/classic-car', 'vehicle-classic-car-quote'],
  ['/insurance/vehicle/motorcycle', 'vehicle-motorcycle-quote'],
  ['/insurance/vehicle/rv', 'vehicle-rv-quote'],
  ['/insurance/property/home', 'property-home-quote'],
  ['/insurance/property/flood', 'property-flood-quote'],
  ['/insurance/property/landlord', 'property-landlord-quote'],
  ['/insurance/property/renters', 'property-renters-quote'],
  ['/insurance/life/life-insurance', 'life-quote'],
  ['/insurance/life/final-expense', 'final-expense-form'],
]

// Every page's hero button points at its own form, in the page as served (no browser needed).
test('each product page’s hero button points at its own form', async ({ request }) => {
  for (const [path, id] of heroTargets) {
    const html = await (await request.get(path)).text()
    const hero = /<a[^>]*href="#([^"]+)"[^>]*>\s*GET\s+YOUR\s+INSURANCE\s+QUOTE\s+NOW/i.exec(html)
    expect(hero?.[1], path).toBe(id)
    expect(html, path).toContain(`id="${id}"`)
  }
})

// Where the click lands is the stylesheet's (scroll-margin under the fixed navbar): one product
// page of each kind of form, and the final-expense page, whose form has an id of its own.
for (const [path, id] of heroTargets.filter(([path]) =>
  ['/insurance/vehicle/boat', '/insurance/property/home', '/insurance/life/final-expense'].includes(path),
)) {
  test(`${path}: the hero button brings #${id} into view below the navbar`, async ({ page }) => {
    await page.goto(path)
    await page.getByRole('link', { name: 'GET YOUR INSURANCE QUOTE NOW' }).click()
    const header = await page.locator('.site-header').boundingBox()
    const section = page.locator(`[id="${id}"]`)
    await expect
      .poll(async () => Math.round((await section.boundingBox())?.y ?? -1), { timeout: 5000 })
      .toBe(Math.round(header?.height ?? 0))
    await expect(section.getByRole('heading', { level: 2 })).toBeInViewport()
  })
}

test('property and life hubs send their hero button to /get-a-quote', async ({ page }) => {
  for (const path of ['/insurance/property', '/insurance/life']) {
    await page.goto(path)
    await expect(page.locator('.hero a.button')).toHaveAttribute('href', '/get-a-quote')
  }
})

test('every carrier opens in a new tab without access to this page', async ({ page, context }) => {
  await page.goto('/insurance-carriers')
  const links = page.getByRole('main').locator('a[href^="https://"]')
  expect(await links.count()).toBeGreaterThanOrEqual(30)
  for (const link of await links.all()) {
    await expect(link).toHaveAttribute('target', '_blank')
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer')
  }
  const [popup] = await Promise.all([context.waitForEvent('page'), links.first().click()])
  expect(popup).not.toBe(page)
  await popup.close()
})

test('frames are titled and get their address only on screen', async ({ page }) => {
  // A short phone screen puts the client portal's frame below the fold.
  await page.setViewportSize({ width: 375, height: 400 })
  await page.goto('/about/client-center')
  const frame = page.getByRole('main').locator('iframe').first()
  await expect(frame).toHaveAttribute('title', /\w+/)
  await expect(frame).toHaveAttribute('loading', 'lazy')
  await expect(frame).not.toHaveAttribute('src', /.+/)
  await frame.scrollIntoViewIfNeeded()
  await expect(frame).toHaveAttribute('src', /^https:\/\//)
})

test('a frame on the first screen waits for the page to draw its content', async ({ page }) => {
  // Notes, when a frame is given its address, whether the page had painted any of its content yet.
  await page.addInitScript(() => {
    const seen = window as Window & { frameBeforePaint?: boolean }
    new MutationObserver((records) => {
      for (const { target } of records) {
        if (seen.frameBeforePaint === undefined && target instanceof HTMLIFrameElement && target.src)
          seen.frameBeforePaint = performance.getEntriesByName('first-contentful-paint').length === 0
      }
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['src'] })
  })
  await page.setViewportSize({ width: 412, height: 915 })
  await page.goto('/es/about/client-center')
  await expect(page.getByRole('main').locator('iframe').first()).toHaveAttribute('src', /^https:\/\//)
  const frameBeforePaint = await page.evaluate(
    () => (window as Window & { frameBeforePaint?: boolean }).frameBeforePaint,
  )
  expect(frameBeforePaint).toBe(false)
})

// No rater address is set up on a fresh install (config/agency.ts): the auto and home pages offer
// the site's own quote request, their line of insurance chosen, instead of a dead frame.
for (const [path, line, locale] of [
  ['/insurance/vehicle/auto', 'Auto Insurance', 'en'],
  ['/es/insurance/property/home', 'Home Insurance', 'es'],
] as const) {
  test(`${path}: without a rater, the quote request with ${line} chosen is sent as is`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('main').locator('iframe')).toHaveCount(0)
    const form = page.locator('form[data-form-key="quote-request"]')
    const definition = getFormDefinition('quote-request')
    if (!definition) throw new Error('no quote request form')
    const type = form.getByLabel(formText(locale, 'Type of insurance'))
    await expect(type).toHaveValue(line)
    const email = `rater.${locale}.${Date.now()}@example.com`
    await fillForm(page, definition, { email, locale, only: (field) => field.name !== 'consultationType' })
    await form.getByRole('button', { name: formText(locale, definition.submitLabel) }).click()
    await expect(page.getByRole('dialog')).toContainText(formUiCopy[locale].successMessage)
    const stored = await withE2eDatabase((client) =>
      client.query<{ fields: Record<string, string> }>(
        `SELECT fields FROM leads WHERE fields->>'email' = $1`,
        [email],
      ),
    )
    expect(stored.rows[0]?.fields.consultationType).toBe(line)
  })
}

test('testimonials keep their line breaks and their Spanish', async ({ page }) => {
  await page.goto('/about/testimonials')
  const quotes = page.locator('blockquote')
  await expect(quotes).toHaveCount(14)
  expect(await page.locator('blockquote[lang="es"]').count()).toBeGreaterThan(0)
  expect(await page.locator('blockquote br').count()).toBeGreaterThan(0)
})

test('the about page hides the refer-a-friend card while its route exists', async ({ page }) => {
  await page.goto('/about')
  const main = page.getByRole('main')
  await expect(main.locator('a[href="/about/testimonials"]')).toBeVisible()
  await expect(main.locator('a[href="/about/client-center"]')).toBeVisible()
  await expect(main.locator('a[href="/about/refer-friend"]')).toHaveCount(0)
  const response = await page.goto('/about/refer-friend')
  expect(response?.status()).toBe(200)
})

test('pages without a form ship no JavaScript bundle', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/insurance')
  await page.goto('/insurance/vehicle')
  expect(scripts).toEqual([])
})

test('back restores the scroll position of the previous page', async ({ page }) => {
  await page.goto('/insurance/vehicle')
  await page.evaluate(() => window.scrollTo(0, 600))
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600)
  await page.locator('a.card__link').first().click()
  await page.waitForLoadState('load')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await page.goBack()
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(600)
})

test('the maps load only when the visitor asks, as a titled frame of the same height', async ({ page }) => {
  const frames: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'document' && r.url().includes('google.com/maps')) frames.push(r.url())
  })
  await page.goto('/contact')
  await page.mouse.wheel(0, 5000)
  await page.waitForTimeout(300)
  expect(frames).toEqual([])
  await expect(page.locator('iframe[src*="google.com/maps"]')).toHaveCount(0)

  const box = page.getByRole('main').locator('[data-map-box]')
  const before = await box.boundingBox()
  await page.getByRole('main').getByRole('button', { name: 'Show the map here' }).click()
  const frame = page.getByRole('main').locator('iframe')
  await expect(frame).toHaveAttribute('title', /office/)
  expect((await box.boundingBox())?.height).toBe(before?.height)
  await expect(
    page.getByRole('main').getByRole('link', { name: 'Open the map in a new tab' }),
  ).toHaveAttribute('target', '_blank')
})
