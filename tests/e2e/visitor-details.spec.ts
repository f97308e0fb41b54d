/**
 * The small things a visitor on a phone meets: the menu without JavaScript, the count of fields
 * left (which only a script can keep true), the error summary of a long form read from its
 * heading, and a switch of language mid-form that lands on the form, not above it.
 */
import { expect, test } from '@playwright/test'
import { formUiCopy } from '#content/form-ui.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { formHydrated, lessMotion } from './support/fill-form.ts'

const phone = { ...lessMotion, viewport: { width: 390, height: 800 }, hasTouch: true } as const

test.describe('with JavaScript off, on a phone', () => {
  test.use({ ...phone, javaScriptEnabled: false })

  test('the menu opens by its link and closes again', async ({ page }) => {
    await page.goto('/insurance/life/life-insurance')
    const menu = page.locator('#site-menu')
    await expect(menu).toBeHidden()
    await expect(page.locator('button.navbar__toggle')).toBeHidden()
    await page.getByRole('link', { name: 'Menu' }).click()
    await expect(menu).toBeVisible()
    await expect(menu.getByRole('link', { name: 'Get a Quote' })).toBeVisible()
    await page.getByRole('link', { name: 'Close' }).click()
    await expect(menu).toBeHidden()
  })

  test('no count of fields left is shown, since nothing could keep it true', async ({ page }) => {
    await page.goto('/contact')
    await expect(page.locator('form[data-form-key="contact-message"]')).toBeVisible()
    await expect(page.locator('.lead-form__remaining')).toBeHidden()
  })
})

test.describe('with JavaScript on, on a phone', () => {
  test.use(phone)

  test('the scripted menu is the button, and the links that stand in for it without a script are not there', async ({
    page,
  }) => {
    await page.goto('/insurance/life/life-insurance')
    await expect(page.locator('.navbar__toggle--no-script')).toHaveCount(2)
    for (const link of await page.locator('.navbar__toggle--no-script').all()) await expect(link).toBeHidden()
    await page.locator('button.navbar__toggle').click()
    await expect(page.locator('#site-menu')).toBeVisible()
  })

  test('switching to Spanish mid-form opens the Spanish page at the form, with the answers', async ({
    page,
  }) => {
    await page.goto('/insurance/life/life-insurance')
    const form = await formHydrated(page, 'life-insurance-quote')
    await form.locator('[name="firstName"]').fill('Linda')
    await page.locator('a[data-language-switch]').click()
    await expect(page).toHaveURL(/\/es\/insurance\/life\/life-insurance#request-form$/)
    const spanish = page.locator('form[data-form-key="life-insurance-quote"]')
    await expect(spanish).toBeInViewport()
    await expect(spanish.locator('[name="firstName"]')).toHaveValue('Linda')
  })
})

test.describe('with JavaScript on, in a small phone-sized window', () => {
  test.use({ ...lessMotion, viewport: { width: 360, height: 560 } })

  test('a refused long form shows its error summary from the heading down', async ({ page }) => {
    const form = getFormDefinition('workers-comp-quote')
    if (!form) throw new Error('no workers-comp-quote definition')
    await page.goto('/insurance/business/workers-compensation')
    const locator = await formHydrated(page, form.key)
    // Greyed until the form is valid (aria-disabled), yet a tap explains: Playwright would wait for
    // an "enabled" button, so the tap is forced.
    await locator.locator('button[type="submit"]').click({ force: true })
    const summary = locator.locator('.error-summary')
    await expect(summary).toBeFocused()
    // Many fields are missing: the summary is taller than the screen, and its heading is at the top.
    const heading = summary.getByText(formUiCopy.en.errorSummaryTitle)
    await expect(heading).toBeInViewport()
    // …and not under the fixed header.
    const header = await page.locator('.site-header').boundingBox()
    const title = await heading.boundingBox()
    expect(title?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0))
    const box = await summary.boundingBox()
    expect(box?.height ?? 0).toBeGreaterThan(560)
  })
})
