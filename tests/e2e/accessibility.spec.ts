import AxeBuilder from '@axe-core/playwright'
import { expect, test } from '@playwright/test'
import { notFoundPath, publicPaths, withLocale } from '../../app/site/route-table.ts'

// WCAG 2.2 A and AA rules, on every public route in both languages and the 404 pages, at a desktop
// and a phone width.
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const widths = [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 740 },
]

for (const viewport of widths) {
  test.describe(`axe at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } })
    const paths = [...publicPaths('en'), ...publicPaths('es'), notFoundPath, withLocale('es', notFoundPath)]
    for (const path of paths) {
      test(`${path} has no WCAG A/AA violations`, async ({ page }) => {
        await page.goto(path)
        const results = await new AxeBuilder({ page }).withTags(wcagTags).exclude('iframe').analyze()
        expect(
          results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        ).toEqual([])
      })
    }
  })
}
