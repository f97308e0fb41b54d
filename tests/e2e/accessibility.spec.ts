import { expect } from '@playwright/test'
import { notFoundPath, publicPaths, withLocale } from '#app/site/route-table.ts'
import { axeScan, violationLines } from './support/axe.ts'
import { testWithSharedTab } from './support/shared-tab.ts'

// WCAG 2.2 A and AA rules, on every public route in both languages and the 404 pages, at a desktop
// and a phone width.
const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
]

// One tab per worker, taken from route to route: these pages keep nothing between visits (no
// cookies, no storage until a visitor types).
const test = testWithSharedTab()

for (const viewport of widths) {
  test.describe(`axe at ${viewport.name} width`, () => {
    const paths = [...publicPaths('en'), ...publicPaths('es'), notFoundPath, withLocale('es', notFoundPath)]
    for (const path of paths) {
      test(`${path} has no WCAG A/AA violations`, async ({ tab }) => {
        await tab.setViewportSize({ width: viewport.width, height: viewport.height })
        await tab.goto(path)
        expect(violationLines(await axeScan(tab, { exclude: 'iframe' }))).toEqual([])
      })
    }
  })
}
