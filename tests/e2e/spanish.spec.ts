import { expect, test } from '@playwright/test'
import { publicPaths, withLocale } from '#app/site/route-table.ts'
import { agency } from '#config/agency.ts'
import { carriers } from '#config/carriers.ts'
import { formTextEs } from '#content/form-text.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { shellCopy } from '#content/shell.ts'

/** Every string of a copy object, by its path ('footer.links.home'). */
function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]]
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key))
  }
  return []
}

/** Words that are English form text and also plain Spanish (or a legal form's name). */
const sameInSpanish = new Set(['Universal', 'LLC'])

/** Proper names are not translated: the agency's name and street, the carriers' names. */
const properNames = [agency.name, agency.shortName, agency.address.street, ...carriers.map((c) => c.name)]

/** English strings whose Spanish differs: none of them may show on a Spanish page. */
function untranslatedCandidates(): string[] {
  const shellEs = new Map(strings(shellCopy.es))
  const uiEs = new Map(strings(formUiCopy.es))
  const fromShell = strings(shellCopy.en).filter(([path, en]) => shellEs.get(path) !== en)
  const fromUi = strings(formUiCopy.en).filter(([path, en]) => uiEs.get(path) !== en)
  const fromForms = Object.entries(formTextEs).filter(([en, es]) => en !== es && /\p{L}{3}/u.test(en))
  const all = [...fromShell, ...fromUi].map(([, en]) => en).concat(fromForms.map(([en]) => en))
  return [...new Set(all)].filter((text) => !sameInSpanish.has(text))
}

/** What a reader sees, without scripts, leaving out quotes the clients wrote in English. */
function visibleText(html: string): string {
  const text = html
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<blockquote[\s\S]*?<\/blockquote>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
  return properNames.reduce((rest, name) => rest.split(name).join(' '), text)
}

function asWord(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u')
}

const english = untranslatedCandidates().map((text) => ({ text, pattern: asWord(text) }))

test('every English route has a Spanish twin', () => {
  expect(publicPaths('es')).toEqual(publicPaths('en').map((path) => withLocale('es', path)))
})

for (const path of publicPaths('en')) {
  const twin = withLocale('es', path)
  test(`${twin} is the Spanish twin of ${path}, with no shell or form text left in English`, async ({
    request,
  }) => {
    const response = await request.get(twin)
    expect(response.status()).toBe(200)
    const html = await response.text()
    expect(html).toContain('<html lang="es"')
    expect(html).toMatch(/<link rel="alternate" hrefLang="en" href="[^"]+"/)
    expect(html).toMatch(/<link rel="alternate" hrefLang="x-default" href="[^"]+"/)
    expect(html.match(/<h1[\s>]/g) ?? []).toHaveLength(1)
    // the switch leads back to the same page in English
    expect(html).toContain(`href="${path}" hrefLang="en"`)
    const text = visibleText(html)
    const leftovers = english.filter(({ pattern }) => pattern.test(text)).map(({ text }) => text)
    expect(leftovers).toEqual([])
  })
}

test('the language switch keeps the visitor on the same page', async ({ page }) => {
  await page.goto('/insurance/vehicle/boat')
  await page.getByRole('link', { name: 'Español' }).click()
  await expect(page).toHaveURL(/\/es\/insurance\/vehicle\/boat$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  await page.getByRole('link', { name: 'English' }).click()
  await expect(page).toHaveURL(/\/insurance\/vehicle\/boat$/)
  await expect(page.locator('html')).toHaveAttribute('lang', 'en')
})

test('an unknown Spanish path answers the Spanish 404 page', async ({ page }) => {
  const response = await page.goto('/es/no-existe')
  expect(response?.status()).toBe(404)
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
})
