import { expect, type Page, test } from '@playwright/test'
import { getFormDefinition } from '#forms/registry.ts'
import { withE2eDatabase } from './support/database.ts'
import { fieldNames, fillForm, formHydrated, lessMotion } from './support/fill-form.ts'
import { formPages, formsOfEveryKind } from './support/form-pages.ts'

test.use(lessMotion)

const sensitive = new Set(['ssn1', 'ssn2', 'ssn3', 'ein'])

interface StoredLead {
  form_key: string
  fields: Record<string, string>
  language: string
  is_spam: boolean
}

async function leadsByEmail(email: string): Promise<StoredLead[]> {
  return withE2eDatabase(async (client) => {
    const result = await client.query<StoredLead>(
      `SELECT form_key, fields, language, is_spam FROM leads WHERE fields->>'email' = $1`,
      [email],
    )
    return result.rows
  })
}

function uniqueEmail(tag: string): string {
  return `visitor.${tag}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`
}

function submitButton(page: Page, formKey: string) {
  return page.locator(`form[data-form-key="${formKey}"] button[type="submit"]`)
}

test('every form key has a page', () => {
  expect(formPages).toHaveLength(24)
  for (const [key] of formPages) expect(getFormDefinition(key)).toBeDefined()
})

// The forms that together hold every kind of field: the island sends each kind under its name. The
// server tests post all 24 forms (tests/server/form-api.test.ts).
for (const [formKey, path] of formsOfEveryKind) {
  test(`${formKey} on ${path}: a visitor fills it, sends it, and the lead is stored under its field names`, async ({
    page,
  }) => {
    const form = getFormDefinition(formKey)
    if (!form) throw new Error(`no definition for ${formKey}`)
    await page.goto(path)
    const button = submitButton(page, formKey)
    // The submit button waits for a valid form, except on the ATV form (docs/contracts.md, "Forms").
    if (form.submitAlwaysEnabled) await expect(button).toBeEnabled()
    else await expect(button).toBeDisabled()

    const email = uniqueEmail(formKey)
    const filled = await fillForm(page, form, { email })
    await expect(button).toBeEnabled()
    await button.click()

    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText('Message sent successfully!')
    await dialog.getByRole('button', { name: 'OK' }).click()
    await expect(dialog).toBeHidden()
    // reset: the form is empty again and the button waits for valid input once more
    await expect(page.locator(`form[data-form-key="${formKey}"] input[type="email"]`)).toHaveValue('')
    if (!form.submitAlwaysEnabled) await expect(button).toBeDisabled()

    const leads = await leadsByEmail(email)
    expect(leads).toHaveLength(1)
    const [lead] = leads
    expect(lead?.form_key).toBe(formKey)
    expect(lead?.language).toBe('en')
    expect(lead?.is_spam).toBe(false)
    expect(Object.keys(lead?.fields ?? {}).sort()).toEqual(fieldNames(form).sort())
    for (const [name, value] of Object.entries(filled)) {
      if (sensitive.has(name)) expect(lead?.fields[name]).toMatch(/^enc:v1:/)
      else expect(lead?.fields[name]).toBe(value)
    }
  })
}

test('required fields carry a red asterisk, the legend and the lock line with its tooltip', async ({
  page,
}) => {
  await page.goto('/contact')
  const form = page.locator('form[data-form-key="contact-message"]')
  await expect(form.getByText('Indicates required field')).toBeVisible()
  await expect(form.getByText('Your information is secure')).toBeVisible()
  const tip = form.getByRole('button', { name: 'How we protect your information' })
  await tip.focus()
  await expect(page.getByRole('tooltip')).toBeVisible()
  await expect(tip).toHaveAccessibleDescription(/reaches our agency only/)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('tooltip')).toBeHidden()
  await expect(form.getByLabel('First name')).toHaveAttribute('required', '')
  const honeypot = form.locator('input[name="company"]')
  await expect(honeypot).toHaveAttribute('tabindex', '-1')
  await expect(honeypot).toHaveAttribute('autocomplete', 'off')
  await expect(honeypot).not.toHaveAttribute('required', '')
  // The telephone pad: digits, and the "+" (and on Android the "(" and "-") the hint shows.
  await expect(form.getByLabel('Phone')).toHaveAttribute('inputmode', 'tel')
})

test('date limits come from the visitor’s own clock', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2031-06-15T10:00:00'))
  await page.goto('/insurance/vehicle/motorcycle')
  const form = await formHydrated(page, 'motorcycles-quote')
  await expect(form.locator('input[name="policyStartDate"]')).toHaveAttribute('min', '2031-06-15')
  await expect(form.locator('input[name="dob1"]')).toHaveAttribute('max', '2015-06-15')
})

test('a wrong value is explained next to its field and the form is not sent', async ({ page }) => {
  await page.goto('/insurance/vehicle/atv')
  const form = await formHydrated(page, 'atv-quote')
  const requests: string[] = []
  page.on('request', (r) => {
    if (r.method() === 'POST') requests.push(r.url())
  })
  await form.getByRole('group', { name: 'Your contact details' }).getByLabel('First name').fill('R2D2')
  await submitButton(page, 'atv-quote').click()
  await expect(form.getByText('Use letters, spaces, apostrophes, hyphens and periods').first()).toBeVisible()
  expect(requests).toEqual([])
})

test('when the server fails, the visitor sees the error dialog and keeps every value', async ({ page }) => {
  await page.route('**/api/forms/**', (route) => route.fulfill({ status: 500, body: 'Internal error' }))
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  const form = getFormDefinition('contact-message')
  if (!form) throw new Error('no contact form')
  await page.goto('/contact')
  const email = uniqueEmail('failure')
  const filled = await fillForm(page, form, { email })
  await submitButton(page, 'contact-message').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('Something went wrong. Please try again later.')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(submitButton(page, 'contact-message')).toBeFocused()
  await expect(page.locator('form[data-form-key="contact-message"] textarea[name="msg"]')).toHaveValue(
    filled.msg ?? '',
  )
  expect(errors.length).toBeGreaterThan(0)
})

test('when the network is down, the visitor sees the error dialog', async ({ page }) => {
  await page.route('**/api/forms/**', (route) => route.abort('connectionrefused'))
  const form = getFormDefinition('quote-request')
  if (!form) throw new Error('no quote form')
  await page.goto('/get-a-quote')
  await fillForm(page, form, { email: uniqueEmail('down') })
  await submitButton(page, 'quote-request').click()
  await expect(page.getByRole('dialog')).toContainText('Something went wrong. Please try again later.')
})

test('a double click stores one lead', async ({ page }) => {
  const form = getFormDefinition('contact-message')
  if (!form) throw new Error('no contact form')
  await page.goto('/contact')
  const email = uniqueEmail('double')
  await fillForm(page, form, { email })
  await submitButton(page, 'contact-message').dblclick()
  await expect(page.getByRole('dialog')).toContainText('Message sent successfully!')
  await expect.poll(async () => (await leadsByEmail(email)).length).toBe(1)
  await page.waitForTimeout(500)
  expect(await leadsByEmail(email)).toHaveLength(1)
})

test('a Spanish visitor sends a form in Spanish; the lead keeps the canonical values', async ({ page }) => {
  const form = getFormDefinition('quote-request')
  if (!form) throw new Error('no quote form')
  await page.goto('/es/get-a-quote')
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
  const email = uniqueEmail('es')
  const filled = await fillForm(page, form, { email, locale: 'es' })
  await submitButton(page, 'quote-request').click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText('¡Mensaje enviado con éxito!')
  const [lead] = await leadsByEmail(email)
  expect(lead?.language).toBe('es')
  expect(lead?.fields.consultationType).toBe(filled.consultationType)
  expect(lead?.fields.state).toBe(filled.state)
  expect(lead?.fields.consultationType).toMatch(/Insurance|Annuity/)
})

test('a form page runs no form script until the visitor touches it; its button is grey from the start', async ({
  page,
}) => {
  const islandChunks: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/assets/islands/')) islandChunks.push(url.pathname)
  })
  await page.goto('/insurance/vehicle/boat', { waitUntil: 'load' })
  await page.waitForTimeout(1500)
  const form = page.locator('form[data-form-key="boat-quote"]')
  // Read only: at most the small entry is fetched (not run) after the load; no form component.
  expect(islandChunks.length).toBeLessThanOrEqual(1)
  await expect(form).not.toHaveAttribute('data-hydrated', '')
  const button = submitButton(page, 'boat-quote')
  await expect(button).toBeDisabled()

  // The first tap is on the grey button itself: it is held until the form wakes, then explained.
  // (force: Playwright will not click what reads as disabled; a visitor can, and that is the point.)
  await button.click({ force: true })
  await expect(form).toHaveAttribute('data-hydrated', '')
  await expect(form.locator('.error-summary')).toBeVisible()
  await expect(form.locator('.error-summary')).toBeFocused()
  expect(islandChunks.length).toBeGreaterThan(1)
})
