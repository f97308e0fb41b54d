import { expect, type Page, test } from '@playwright/test'
import type { Locale } from '#app/site/route-table.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { formText } from '#content/form-text.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { axeScan } from './support/axe.ts'
import { withE2eDatabase } from './support/database.ts'
import { fillForm, formHydrated, lessMotion } from './support/fill-form.ts'

// A visitor on a phone: 390 × 844, touch.
test.use({ ...lessMotion, viewport: { width: 390, height: 844 }, hasTouch: true })

const boat = getFormDefinition('boat-quote')
if (!boat) throw new Error('no boat-quote definition')
const boatForm = boat
const paths: Record<Locale, string> = { en: '/insurance/vehicle/boat', es: '/es/insurance/vehicle/boat' }

const uniqueEmail = (tag: string) =>
  `visitor.${tag}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`
const formLocator = (page: Page) => page.locator('form[data-form-key="boat-quote"]')
const control = (page: Page, name: string) => formLocator(page).locator(`[name="${name}"]`)

for (const locale of ['en', 'es'] as const) {
  const copy = formUiCopy[locale]

  test(`${locale}: after OK the confirmation stays, with its reference, through a reload of the tab only`, async ({
    page,
    context,
  }) => {
    await page.goto(paths[locale])
    await fillForm(page, boatForm, { locale, email: uniqueEmail(`confirm-${locale}`) })
    await formLocator(page)
      .getByRole('button', { name: formText(locale, boatForm.submitLabel) })
      .click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(copy.successMessage)
    const reference = (await dialog.locator('.lead-reference').textContent()) ?? ''
    expect(reference).toMatch(/^[A-Z0-9]{3}-[A-Z0-9]{3}$/)
    // Spanish times: "p. m." once, never "p. m..", never wrapped inside.
    expect(await dialog.textContent()).not.toMatch(/m\.\./)
    if (locale === 'es') expect(await dialog.textContent()).toMatch(/\d:\d\d\u00a0[ap]\.\u00a0m\./)
    await dialog.getByRole('button', { name: copy.dialogClose }).click()

    const confirmation = page.getByRole('region', { name: copy.sentTitle })
    await expect(confirmation).toBeVisible()
    await expect(confirmation).toContainText(reference)
    await expect(confirmation).toBeFocused()
    await expect(formLocator(page)).toBeHidden()
    await expect(confirmation.getByRole('link', { name: agencyPhone.display })).toHaveAttribute(
      'href',
      agencyPhone.href,
    )
    // The reference stays on one line even on a phone.
    await expect(confirmation.locator('.lead-reference')).toHaveCSS('white-space', 'nowrap')
    const axe = await axeScan(page, { include: '.lead-confirmation' })
    expect(axe.violations.map((v) => v.id)).toEqual([])

    await page.reload()
    await expect(confirmation).toBeVisible()
    await expect(confirmation).toContainText(reference)
    await expect(formLocator(page)).toBeHidden()

    // Another tab of the same browser: the empty form, no confirmation.
    const other = await context.newPage()
    await other.goto(paths[locale])
    await formHydrated(other, boatForm.key)
    await expect(other.getByRole('region', { name: copy.sentTitle })).toHaveCount(0)
    await expect(control(other, 'email')).toHaveValue('')

    // "Send another request": an empty form, its first field focused; a reload keeps it that way.
    await confirmation.getByRole('button', { name: copy.sendAnother }).click()
    await expect(formLocator(page)).toBeVisible()
    await expect(control(page, 'email')).toHaveValue('')
    await expect(control(page, 'year1')).toBeFocused()
    await page.reload()
    await formHydrated(page, boatForm.key)
    await expect(page.getByRole('region', { name: copy.sentTitle })).toHaveCount(0)
  })
}

test('switching to Español mid-form keeps every answer, and the privacy note names the date of birth', async ({
  page,
}) => {
  await page.goto(paths.en)
  await formHydrated(page, boatForm.key)
  await control(page, 'manufacturer1').fill('Boston Whaler')
  await control(page, 'type1').selectOption({ index: 2 })
  const type = await control(page, 'type1').inputValue()
  await control(page, 'email').fill('dan@example.com')
  await control(page, 'dob1').fill('1980-04-02')
  await page.locator('a[hreflang="es"]').first().click()
  await expect(page).toHaveURL(/\/es\/insurance\/vehicle\/boat/)
  // The answers come back as the page appears, before any touch of the page.
  await expect(formLocator(page)).toHaveAttribute('data-hydrated', '')
  await expect(control(page, 'manufacturer1')).toHaveValue('Boston Whaler')
  await expect(control(page, 'type1')).toHaveValue(type)
  await expect(control(page, 'email')).toHaveValue('dan@example.com')
  // The date of birth is never kept (docs/contracts.md, "Sensitive fields"): the visitor is told.
  await expect(control(page, 'dob1')).toHaveValue('')
  await expect(formLocator(page).locator('.lead-form__not-kept')).toContainText(
    formText('es', 'Date of birth'),
  )
})

test('answers typed before the form script wakes are kept through a reload', async ({ page }) => {
  // The island's files are held back until the visitor has typed: the script wakes late.
  let release = () => {}
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/assets/islands/**', async (route) => {
    await held
    await route.continue()
  })
  await page.goto(paths.en)
  await control(page, 'manufacturer1').fill('Grady-White')
  await control(page, 'model1').fill('Freedom 235')
  await expect(formLocator(page)).not.toHaveAttribute('data-hydrated', '')
  release()
  await expect(formLocator(page)).toHaveAttribute('data-hydrated', '')
  await expect(control(page, 'manufacturer1')).toHaveValue('Grady-White')
  await page.reload()
  await expect(formLocator(page)).toHaveAttribute('data-hydrated', '')
  await expect(control(page, 'manufacturer1')).toHaveValue('Grady-White')
  await expect(control(page, 'model1')).toHaveValue('Freedom 235')
  await expect(formLocator(page).locator('.lead-form__not-kept')).toContainText('Date of birth')
})

for (const locale of ['en', 'es'] as const) {
  test(`${locale}: "dan@gmial.com" gets a suggestion, and applying it fixes the field`, async ({ page }) => {
    await page.goto(paths[locale])
    await formHydrated(page, boatForm.key)
    const email = control(page, 'email')
    await email.fill('dan@gmial.com')
    await control(page, 'phone').focus()
    const suggestion = formLocator(page).locator('.field__suggestion')
    await expect(suggestion).toContainText(`${formUiCopy[locale].didYouMean} dan@gmail.com?`)
    // Only a suggestion: the address as typed is still a valid answer.
    expect(await email.evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(true)
    await suggestion.getByRole('button', { name: 'dan@gmail.com' }).click()
    await expect(email).toHaveValue('dan@gmail.com')
    await expect(suggestion.getByRole('button')).toHaveCount(0)
    await email.fill('dan@gmail.con')
    await control(page, 'phone').focus()
    await expect(suggestion).toContainText('dan@gmail.com')
  })
}

test('a boat length of 18.5 feet is accepted and stored as typed', async ({ page }) => {
  await page.goto(paths.en)
  const email = uniqueEmail('length')
  await fillForm(page, boatForm, { email })
  await control(page, 'length1').fill('18.5')
  await expect(control(page, 'length1')).toHaveAttribute('step', '0.1')
  await formLocator(page).getByRole('button', { name: boatForm.submitLabel }).click()
  await expect(page.getByRole('dialog')).toContainText(formUiCopy.en.successMessage)
  const stored = await withE2eDatabase((client) =>
    client.query<{ length: string }>(
      `SELECT fields->>'length1' AS length FROM leads WHERE fields->>'email' = $1`,
      [email],
    ),
  )
  expect(stored.rows).toEqual([{ length: '18.5' }])
})

test('phone and e-mail fields help the keyboard and autofill; SSNs are masked, numeric and explained', async ({
  page,
}) => {
  await page.goto('/es/insurance/business/workers-compensation')
  const form = page.locator('form[data-form-key="workers-comp-quote"]')
  const phone = form.locator('[name="phone"]')
  await expect(phone).toHaveAttribute('type', 'tel')
  await expect(phone).toHaveAttribute('autocomplete', /^tel/)
  await expect(phone).not.toHaveAttribute('inputmode', 'numeric')
  await expect(form.locator('[name="email"]')).toHaveAttribute('autocomplete', 'email')
  const ssn = form.locator('[name="ssn1"]')
  await expect(ssn).toHaveAttribute('inputmode', 'numeric')
  await expect(ssn).toHaveAttribute('autocomplete', 'off')
  await expect(ssn).toHaveAccessibleDescription(new RegExp(formUiCopy.es.sensitiveNote.ssn.slice(0, 40)))
  await ssn.fill('123456789')
  await form.locator('[name="email"]').focus()
  await expect(ssn).toHaveCSS('-webkit-text-security', 'disc')
})

test('on a phone, business checkboxes keep their size however their label wraps', async ({ page }) => {
  await page.goto('/es/insurance/business')
  const boxes = page.locator('form[data-form-key="business-quote"] input[type="checkbox"]')
  expect(await boxes.count()).toBeGreaterThan(3)
  const widths = await boxes.evaluateAll((inputs) =>
    inputs.map((input) => input.getBoundingClientRect().width),
  )
  for (const width of widths) expect(width).toBeGreaterThanOrEqual(19)
})

test('"Type of insurance" lists its 32 answers under six headings, in Spanish too', async ({ page }) => {
  await page.goto('/es/get-a-quote')
  const select = page.locator('form[data-form-key="quote-request"] select[name="consultationType"]')
  await expect(select.locator('optgroup')).toHaveCount(6)
  await expect(select.locator('optgroup').first()).toHaveAttribute('label', 'Vehículos')
  await expect(select.locator('optgroup option')).toHaveCount(32)
  await expect(select.locator('optgroup[label="Vehículos"] option[value="Boat Insurance"]')).toHaveCount(1)
})

test('a request sent on the auto page shows as sent there only: the home page and /get-a-quote show their form, with a note of it', async ({
  page,
}) => {
  const quote = getFormDefinition('quote-request')
  if (!quote) throw new Error('no quote-request definition')
  const copy = formUiCopy.en
  const form = page.locator('form[data-form-key="quote-request"]')
  await page.goto('/insurance/vehicle/auto')
  await fillForm(page, quote, { locale: 'en', email: uniqueEmail('auto-only') })
  await form.getByRole('button', { name: formText('en', quote.submitLabel) }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(copy.successMessage)
  const reference = (await dialog.locator('.lead-reference').textContent()) ?? ''
  await dialog.getByRole('button', { name: copy.dialogClose }).click()
  await expect(page.getByRole('region', { name: copy.sentTitle })).toBeVisible()

  for (const path of ['/insurance/property/home', '/get-a-quote']) {
    await page.goto(path)
    await formHydrated(page, 'quote-request')
    await expect(form, path).toBeVisible()
    await expect(page.getByRole('region', { name: copy.sentTitle }), path).toHaveCount(0)
    await expect(form.locator('.lead-form__sent-elsewhere'), path).toContainText(reference)
  }
  // Back on the auto page (in either language), the confirmation is still there once the page is touched.
  await page.goto('/es/insurance/vehicle/auto')
  await page.keyboard.press('Shift')
  await expect(page.getByRole('region', { name: formUiCopy.es.sentTitle })).toContainText(reference)
})
