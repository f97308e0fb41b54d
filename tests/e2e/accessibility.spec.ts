import { expect } from '@playwright/test'
import { notFoundPath, withLocale } from '#app/site/route-table.ts'
import { axeScan, violationLines } from './support/axe.ts'
import { formsOfEveryKind } from './support/form-pages.ts'
import { testWithSharedTab } from './support/shared-tab.ts'

// WCAG 2.2 A and AA rules (contrast included) on one page of each template, at a desktop width in
// English and at a phone width in Spanish (the phone's layout with the longer of the two languages'
// words; English at the phone width repeated what these two found). Pages of one template share their
// markup and styles; the product pages differ by their form, so the forms that together hold every
// kind of field are scanned (tests/e2e/support/form-pages.ts). `npm run bench:web` runs Lighthouse's
// accessibility audit (axe) on every route in both languages.
const widths = [
  { name: 'desktop', width: 1280, height: 900, locales: ['en'] },
  { name: 'phone', width: 375, height: 740, locales: ['es'] },
] as const

/** One page of each template: every section's own pages, a hub, product pages with each kind of form, the 404. */
const templatePaths = [
  '/',
  '/about',
  '/about/testimonials',
  '/about/client-center',
  '/contact',
  '/get-a-quote',
  '/services',
  '/services/update-info',
  '/insurance-carriers',
  '/privacy',
  '/insurance',
  '/insurance/vehicle',
  '/insurance/vehicle/auto',
  '/insurance/vehicle/boat',
  ...formsOfEveryKind.map(([, path]) => path),
  notFoundPath,
]

// One tab per worker, taken from route to route: these pages keep nothing between visits (no
// cookies, no storage until a visitor types).
const test = testWithSharedTab()

for (const viewport of widths) {
  for (const locale of viewport.locales) {
    test.describe(`axe at ${viewport.name} width (${locale})`, () => {
      for (const path of new Set(templatePaths.map((englishPath) => withLocale(locale, englishPath)))) {
        test(`${path} has no WCAG A/AA violations`, async ({ tab }) => {
          await tab.setViewportSize({ width: viewport.width, height: viewport.height })
          await tab.goto(path)
          expect(violationLines(await axeScan(tab, { exclude: 'iframe' }))).toEqual([])
        })
      }
    })
  }
}
