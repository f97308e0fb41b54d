import { test as base, expect, type Page } from '@playwright/test'
import { notFoundPath, publicPaths, withLocale } from '#app/site/route-table.ts'
import { axeScan, violationLines } from './support/axe.ts'

// WCAG 2.2 A and AA rules, on every public route in both languages and the 404 pages, at a desktop
// and a phone width.
const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
]

// One tab per worker, taken from route to route: these pages keep nothing between visits (no
// cookies, no storage until a visitor types), and a fresh context and renderer for each of the 152
// scans cost about as much as loading the page itself. A failed test ends its worker, and with it
// the tab.
const test = base.extend<object, { tab: Page }>({
  tab: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL })
      await use(await context.newPage())
      await context.close()
    },
    { scope: 'worker' },
  ],
})

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
