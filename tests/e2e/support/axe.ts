import { expect, type Page } from '@playwright/test'
import axe, { type AxeResults } from 'axe-core'

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: the rules every scan runs. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * axe-core's WCAG A/AA rules run in the page's document, optionally only inside `include` or
 * leaving out what matches `exclude` (CSS selectors).
 *
 * axe-core is put into the document once and serves every scan of it. @axe-core/playwright would
 * send its half-megabyte source in twice per scan and open a blank tab to merge the results of
 * cross-origin frames, three times the time of the scan itself over the suite's 200 scans. No frame
 * goes unscanned for it: a page with a frame in the scanned part fails here (the public pages leave
 * their third-party frames out, the staff pages have none).
 */
export async function axeScan(page: Page, { include, exclude }: { include?: string; exclude?: string } = {}) {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source)
  const context = { include: include ? [include] : [], exclude: exclude ? [exclude] : [] }
  const frames = await page.evaluate(
    ({ include, exclude }) =>
      [...document.querySelectorAll('iframe')]
        .filter((frame) => !include || frame.closest(include))
        .filter((frame) => !exclude || !frame.closest(exclude))
        .map((frame) => frame.outerHTML.slice(0, 120)),
    { include, exclude },
  )
  if (frames.length > 0) throw new Error(`axeScan does not scan frames: ${frames.join(', ')}`)
  return page.evaluate(
    ({ context, tags }) =>
      (window as unknown as { axe: typeof axe }).axe.run(context, { runOnly: { type: 'tag', values: tags } }),
    { context, tags: wcagTags },
  ) as Promise<AxeResults>
}

/** The violations of a scan, one line each: the rule and the elements it found. */
export function violationLines(results: AxeResults): string[] {
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** A desktop and a phone width, as tests/e2e/accessibility.spec.ts checks the public pages. */
const deskWidths = [
  { width: 1280, height: 900 },
  { width: 375, height: 740 },
]

/**
 * No WCAG A/AA violation on the page: at a desktop and a phone width, or at the page's own size
 * (`widths: 'current'`) where the test set it. `staffMenu`: the staff menu's links are targets
 * 24 px tall at least by their own size (WCAG 2.5.8), so they pass however the header wraps, not
 * only when axe finds them spaced far enough apart.
 */
export async function expectNoAxeViolations(
  page: Page,
  { widths = 'desk', staffMenu = false }: { widths?: 'desk' | 'current'; staffMenu?: boolean } = {},
) {
  for (const viewport of widths === 'current' ? [page.viewportSize()] : deskWidths) {
    if (viewport && widths !== 'current') await page.setViewportSize(viewport)
    const at = viewport ? `at ${viewport.width}px` : ''
    expect(violationLines(await axeScan(page)), at).toEqual([])
    if (!staffMenu) continue
    const menu = page.getByRole('navigation', { name: 'Staff' }).getByRole('link')
    for (const link of await menu.all()) {
      expect(
        (await link.boundingBox())?.height ?? 0,
        `${await link.textContent()} ${at}`,
      ).toBeGreaterThanOrEqual(24)
    }
  }
}
