/**
 * Targets a thumb can hit: at 375 px every link and control is at least 44 × 44 CSS px (the top
 * strip's language switch included), or, where it is smaller, keeps the spacing WCAG 2.2 asks
 * (2.5.8: at least 24 × 24, or a 24 px circle around it touching no other target's). Exempt as
 * WCAG exempts them: links inside a sentence, a box or radio inside its label (the label is the
 * target), a card's title link (the whole card is the target).
 */
import { expect, type Page, test } from '@playwright/test'
import { formHydrated } from './support/fill-form.ts'

test.use({ viewport: { width: 375, height: 800 } })

async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, summary, input:not([type="hidden"]), select, textarea, [tabindex]:not([tabindex="-1"])'
    const targets = [...document.querySelectorAll<HTMLElement>(selector)]
      .filter((element) => !element.closest('[aria-hidden="true"]'))
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(
        ({ element, box }) =>
          box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden',
      )
    const exempt = (element: HTMLElement): boolean => {
      const label = element.closest('label')
      if (label && label !== element && label.getBoundingClientRect().height >= 44) return true
      if (element.closest('.card')) return true
      const sentence = element.closest('p, li, dd')
      return (
        element.tagName === 'A' &&
        getComputedStyle(element).display === 'inline' &&
        sentence !== null &&
        (sentence.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 10
      )
    }
    const problems: string[] = []
    for (const { element, box } of targets) {
      if ((box.width >= 44 && box.height >= 44) || exempt(element)) continue
      const x = box.left + box.width / 2
      const y = box.top + box.height / 2
      const crowded = targets.some(({ element: other, box: o }) => {
        if (other === element || other.contains(element) || element.contains(other)) return false
        return Math.hypot(x - (o.left + o.width / 2), y - (o.top + o.height / 2)) < 24
      })
      if (box.width < 24 || box.height < 24 || crowded) {
        const name = (
          element.textContent ||
          element.getAttribute('aria-label') ||
          element.getAttribute('name') ||
          ''
        ).trim()
        problems.push(
          `${element.tagName.toLowerCase()} "${name.slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        )
      }
    }
    return problems
  })
}

for (const path of ['/', '/es/', '/contact', '/es/insurance/vehicle/auto', '/insurance/property/renters']) {
  test(`${path}: every link and control is thumb-sized at 375 px`, async ({ page }) => {
    await page.goto(path)
    expect(await smallTargets(page)).toEqual([])
  })
}

test('the top strip’s language switch is 44 px tall, and the open menu’s links too', async ({ page }) => {
  await page.goto('/insurance/vehicle/boat')
  const box = await page.getByRole('link', { name: 'Español' }).boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(44)
  await page.getByRole('button', { name: 'Menu' }).click()
  expect(await smallTargets(page)).toEqual([])
})

test('the boat form’s new controls are thumb-sized: steps, repeats, summary links', async ({ page }) => {
  await page.goto('/insurance/vehicle/boat')
  const form = await formHydrated(page, 'boat-quote')
  await form.getByRole('button', { name: 'Get My Quote' }).click({ force: true })
  await expect(form.locator('.error-summary')).toBeFocused()
  await form.locator('summary', { hasText: 'Add a second boat' }).click()
  expect(await smallTargets(page)).toEqual([])
})
