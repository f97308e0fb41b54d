/**
 * Every key a visitor types reaches the field, whenever it is typed: before the form's script wakes,
 * while it loads and hydrates, and after. A visitor on a phone taps a name field the moment the page
 * is usable and types at 20-60 ms a key (the island wakes at that very tap: app/site/lead-form-island.ts);
 * a visitor who comes back to a draft taps and types while it is restored. The phone's CPU is slowed
 * four times, as Lighthouse slows a phone, which widens every window in which a key could be lost.
 * Three pages (a long form, a short one, the Spanish long one: the island is one code for every
 * form) and three runs of each, each run typing at its own rhythm; without the fix of 27 November
 * (the draft put back in one step before hydration) every page lost keys in its first runs.
 */
import { type BrowserContext, expect, type Page, test } from '@playwright/test'

const mobile = {
  viewport: { width: 390, height: 800 },
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
} as const

const pages = ['/insurance/life/life-insurance', '/contact', '/es/insurance/life/life-insurance'] as const
const runs = 3

/** A slow phone: four times slower CPU, as Lighthouse's mobile profile. */
async function slowPhone(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
}

/** Types a word one key at a time, each 20-60 ms after the last (a fast thumb). */
async function typeFast(page: Page, text: string, run: number): Promise<void> {
  for (const [index, key] of Array.from(text).entries()) {
    await page.keyboard.type(key)
    await page.waitForTimeout(20 + ((run * 7 + index * 13) % 41))
  }
}

for (const path of pages) {
  test(`${path}: every letter typed from the first tap reaches the fields (${runs} runs)`, async ({
    browser,
  }) => {
    // Three slowed page loads: a bound, not a speed check.
    test.setTimeout(120_000)
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext(mobile)
      const page = await context.newPage()
      await slowPhone(context, page)
      // As soon as the first name field is on the screen: the page may still be loading.
      await page.goto(path, { waitUntil: 'commit' })
      const form = page.locator('form[data-form-key]')
      const first = form.locator('[name="firstName"]')
      await first.tap()
      await typeFast(page, 'Linda', run)
      await form.locator('[name="lastName"]').tap()
      await typeFast(page, 'Hale', run)
      await form.locator('[name="email"]').tap()
      await typeFast(page, 'linda.h@example.com', run)
      await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
      expect(await first.inputValue(), `run ${run}`).toBe('Linda')
      expect(await form.locator('[name="lastName"]').inputValue(), `run ${run}`).toBe('Hale')
      expect(await form.locator('[name="email"]').inputValue(), `run ${run}`).toBe('linda.h@example.com')
      await context.close()
    }
  })
}

test(`a draft comes back whole when the visitor returns by a link and types at once (${runs} runs)`, async ({
  browser,
}) => {
  test.setTimeout(120_000)
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext(mobile)
    const page = await context.newPage()
    await page.goto('/insurance/life/life-insurance')
    const form = page.locator('form[data-form-key="life-insurance-quote"]')
    await form.locator('[name="lastName"]').tap()
    await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
    await page.keyboard.type('Hale')
    await form.locator('[name="email"]').fill('linda.h@example.com')
    await form.locator('[name="height"]').fill('5 ft 6 in')
    await form.locator('[name="coverageType"]').selectOption('Term')
    // Leave by a link and come back by a link: a new page, with this tab's draft.
    await page.goto('/contact')
    await slowPhone(context, page)
    await page.goto('/insurance/life/life-insurance', { waitUntil: 'commit' })
    await form.locator('[name="firstName"]').tap()
    await typeFast(page, 'Linda', run)
    await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
    expect(await form.locator('[name="firstName"]').inputValue(), `run ${run}`).toBe('Linda')
    expect(await form.locator('[name="lastName"]').inputValue(), `run ${run}`).toBe('Hale')
    expect(await form.locator('[name="email"]').inputValue(), `run ${run}`).toBe('linda.h@example.com')
    expect(await form.locator('[name="height"]').inputValue(), `run ${run}`).toBe('5 ft 6 in')
    expect(await form.locator('[name="coverageType"]').inputValue(), `run ${run}`).toBe('Term')
    // And the tab's draft holds all of it, so a reload keeps it too.
    await page.reload()
    await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
    expect(await form.locator('[name="firstName"]').inputValue(), `run ${run}`).toBe('Linda')
    expect(await form.locator('[name="lastName"]').inputValue(), `run ${run}`).toBe('Hale')
    await context.close()
  }
})
