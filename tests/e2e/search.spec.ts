import { createHash } from 'node:crypto'
import { expect, test } from '@playwright/test'
import { locales, publicPaths, withLocale } from '#app/site/route-table.ts'
import { agency } from '#config/agency.ts'
import { schemaDayName } from '#config/agency-facts.ts'

test('sitemap.xml lists every public route in both languages, with hreflang alternates', async ({
  request,
}) => {
  const response = await request.get('/sitemap.xml')
  expect(response.status()).toBe(200)
  const xml = await response.text()
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
  const expected = locales.flatMap((locale) => publicPaths(locale).map((path) => `${agency.siteUrl}${path}`))
  expect(locs.sort()).toEqual(expected.sort())
  expect(xml).toContain(
    `hreflang="es" href="${agency.siteUrl}${withLocale('es', '/insurance/vehicle/boat')}"`,
  )
  expect(xml).toContain(`hreflang="x-default" href="${agency.siteUrl}/insurance/vehicle/boat"`)
  expect(xml).not.toContain('/404')
  expect(xml).not.toContain('/admin')
})

test('robots.txt points to the sitemap and keeps crawlers out of the staff inbox', async ({ request }) => {
  const text = await (await request.get('/robots.txt')).text()
  expect(text).toContain(`Sitemap: ${agency.siteUrl}/sitemap.xml`)
  expect(text).toMatch(/Disallow: \/admin/)
})

for (const path of ['/', '/contact', '/es', '/es/contact']) {
  test(`${path} carries InsuranceAgency structured data that parses`, async ({ request }) => {
    const html = await (await request.get(path)).text()
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)
    expect(block).not.toBeNull()
    const data = JSON.parse(block?.[1] ?? '{}')
    expect(data['@type']).toBe('InsuranceAgency')
    expect(data.name).toBe(agency.name)
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: agency.address.city,
      addressRegion: agency.address.region,
    })
    expect(data.telephone).toMatch(/^\+1-\d{3}-\d{3}-\d{4}$/)
    for (const slot of agency.hours.filter((candidate) => candidate.opens && candidate.closes))
      expect(data.openingHoursSpecification).toContainEqual(
        expect.objectContaining({
          dayOfWeek: slot.days.map(schemaDayName),
          opens: slot.opens,
          closes: slot.closes,
        }),
      )
    for (const area of agency.areaServed)
      expect(data.areaServed).toContainEqual({ '@type': 'State', name: area })
    expect(data.availableLanguage).toEqual(['English', 'Spanish'])
  })
}

test('pages carry Open Graph and Twitter card tags, a manifest and PNG icons', async ({ request }) => {
  const html = await (await request.get('/insurance/vehicle/boat')).text()
  for (const tag of ['og:title', 'og:description', 'og:url', 'twitter:card', 'twitter:title']) {
    expect(html).toContain(tag)
  }
  expect(html).toContain('rel="manifest" href="/manifest.webmanifest"')
  const manifest = await (await request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ name: agency.name, start_url: '/' })
  expect((await request.get('/favicon.svg')).status()).toBe(200)
  // The tab's icon is a PNG (an SVG one costs each page load a document of its own on the main
  // thread), and iPhones get a home-screen icon; both are drawn from favicon.svg at build time.
  for (const [link, href, size] of [
    ['<link rel="icon" href="/favicon-48.png" type="image/png" sizes="48x48"/>', '/favicon-48.png', 48],
    ['<link rel="apple-touch-icon" href="/apple-touch-icon.png"/>', '/apple-touch-icon.png', 180],
  ] as const) {
    expect(html).toContain(link)
    const icon = await request.get(href)
    expect(icon.headers()['content-type']).toBe('image/png')
    const png = await icon.body()
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size])
  }
  expect(html).not.toContain('favicon.svg')
})

test('hashed assets are cached for a year and served precompressed', async ({ request }) => {
  const html = await (await request.get('/contact')).text()
  const asset = /\/assets\/[^"]+\.js/.exec(html)?.[0]
  expect(asset).toBeDefined()
  const response = await request.get(asset ?? '', { headers: { 'accept-encoding': 'br' } })
  expect(response.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  expect(response.headers()['content-encoding']).toBe('br')
})

test('every page is sent with a strict Content-Security-Policy', async ({ request }) => {
  const response = await request.get('/about/client-center')
  const csp = response.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("object-src 'none'")
  expect(csp).toContain("base-uri 'none'")
  expect(csp).toContain("frame-ancestors 'none'")
  expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/)
  expect(csp).toContain(new URL(agency.thirdParty.clientPortalUrl).origin)
  expect(response.headers()['strict-transport-security']).toContain('max-age=')
  expect(response.headers()['x-content-type-options']).toBe('nosniff')
  expect(response.headers()['referrer-policy']).toBe('strict-origin-when-cross-origin')
})

test('the stylesheet comes inside the page, allowed by its hash alone', async ({ request }) => {
  const response = await request.get('/insurance/vehicle/boat')
  const html = await response.text()
  // no render-blocking request for the stylesheet: it is in the page
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/)
  const css = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? ''
  expect(css).toContain('.lead-form')
  const hash = createHash('sha256').update(css, 'utf8').digest('base64')
  const csp = response.headers()['content-security-policy'] ?? ''
  expect(csp).toContain(`style-src 'self' 'sha256-${hash}';`)
  expect(csp).not.toContain('unsafe-inline')
})

test('the page scripts run under the CSP without violations', async ({ page }) => {
  const violations: string[] = []
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text())
  })
  await page.goto('/insurance/vehicle/boat')
  await page.getByRole('link', { name: 'GET YOUR INSURANCE QUOTE NOW' }).click()
  await page.goto('/insurance/vehicle/auto')
  await page.locator('[data-accordion] button').nth(1).click()
  await expect(page.locator('[data-accordion] button').nth(1)).toHaveAttribute('aria-expanded', 'true')
  expect(violations).toEqual([])
})
