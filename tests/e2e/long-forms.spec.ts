/**
 * A visitor on a phone (375 × 800) goes through forms of more than 20 fields, in English or in
 * Spanish: four that together hold every kind of field a draft keeps or never keeps (checkboxes,
 * radios, dates of birth, SSNs and the EIN, repeats). The remaining-fields line, a refused submit
 * and its error summary, optional repeats opened and removed, a reload midway that keeps the answers
 * (never SSNs or dates of birth), and an ending with the reference staff see on the lead.
 */
import { expect, type Page, test } from '@playwright/test'
import { agency, formatPhone } from '#config/agency.ts'
import { formText } from '#content/form-text.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { allFields, type Field, type FormDefinition, longFormFieldCount } from '#forms/engine.ts'
import { type FormKey, getFormDefinition } from '#forms/registry.ts'
import { axeScan, violationLines } from './support/axe.ts'
import { withE2eDatabase } from './support/database.ts'
import { fillForm, formHydrated, lessMotion, openRepeat } from './support/fill-form.ts'

const longFormPages: [FormKey, string][] = [
  ['atv-quote', '/insurance/vehicle/atv'],
  ['boat-quote', '/insurance/vehicle/boat'],
  ['classic-car-quote', '/insurance/vehicle/classic-car'],
  ['motorcycles-quote', '/insurance/vehicle/motorcycle'],
  ['rv-quote', '/insurance/vehicle/rv'],
  ['renters-insurance-quote', '/insurance/property/renters'],
  ['life-insurance-quote', '/insurance/life/life-insurance'],
  ['business-quote', '/insurance/business'],
  ['workers-comp-quote', '/insurance/business/workers-compensation'],
]

test.use({ ...lessMotion, viewport: { width: 375, height: 800 } })

/** What the draft in the tab never keeps: SSNs, the EIN, dates of birth. */
function neverKept(field: Field): boolean {
  return field.sensitive === true || /^(?:dob|birthdate)\d*$/.test(field.name)
}

function definition(key: FormKey): FormDefinition {
  const form = getFormDefinition(key)
  if (!form) throw new Error(`no definition for ${key}`)
  return form
}

function uniqueEmail(tag: string): string {
  return `phone.${tag}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`
}

async function storedLead(email: string) {
  return withE2eDatabase(async (client) => {
    const result = await client.query<{ fields: Record<string, string>; reference: string }>(
      `SELECT fields, reference FROM leads WHERE fields->>'email' = $1`,
      [email],
    )
    return result.rows
  })
}

/** The controls a visitor sees before asking for more (the decoy field is off-screen, not counted). */
async function visibleFieldCount(page: Page, form: FormDefinition): Promise<number> {
  const locator = page.locator(
    `form[data-form-key="${form.key}"] :is(input, select, textarea):visible:not([name="company"])`,
  )
  const names = await locator.evaluateAll((controls) =>
    controls.map((control) => control.getAttribute('name') ?? ''),
  )
  return new Set(names).size
}

test('the long forms are the forms of more than 20 fields', () => {
  for (const [key] of longFormPages) {
    expect(allFields(definition(key)).length).toBeGreaterThan(longFormFieldCount)
  }
})

/**
 * The long forms a visitor goes through here, each in one language: the boat form (the most
 * fields, repeats, dates of birth), the workers' comp form (the EIN, SSNs, repeats), renters
 * (checkboxes) and life (radios). The island runs the same code for every long form; the server
 * tests post all nine.
 */
const walkedThrough: [FormKey, 'en' | 'es'][] = [
  ['boat-quote', 'en'],
  ['workers-comp-quote', 'es'],
  ['renters-insurance-quote', 'es'],
  ['life-insurance-quote', 'en'],
]

for (const [formKey, locale] of walkedThrough) {
  const copy = formUiCopy[locale]
  const englishPath = longFormPages.find(([key]) => key === formKey)?.[1] ?? ''
  const path = locale === 'es' ? `/es${englishPath}` : englishPath
  test(`${formKey} on a phone (${locale}): steps, repeats, summary, draft and reference`, async ({
    page,
  }) => {
    const form = definition(formKey)
    const t = (english: string) => formText(locale, english)
    const formLocator = page.locator(`form[data-form-key="${formKey}"]`)
    const button = formLocator.getByRole('button', { name: t(form.submitLabel) })
    const remaining = page.locator(`#lf-${formKey}-remaining`)
    await page.goto(path)
    // The island's behaviour (summary, steps, drafts) starts once it runs; before that the browser posts.
    await formHydrated(page, formKey)
    const parts = form.sections.filter((section) => !section.closed).length
    await expect(formLocator.getByText(copy.stepOf(1, parts), { exact: true })).toBeVisible()

    // Where the visitor is: the parts of the form, in order, as links.
    const steps = formLocator.getByRole('navigation', { name: copy.stepsLabel })
    const firstPart = form.sections[0]
    if (!firstPart) throw new Error('a form without sections')
    await expect(steps.getByRole('link').first()).toHaveText(t(firstPart.legend))

    // Optional repeats start closed; the boat form shows at most 30 fields.
    const closed = form.sections.filter((section) => section.closed)
    for (const section of closed) {
      await expect(formLocator.getByRole('group', { name: t(section.legend), exact: true })).toBeHidden()
    }
    if (formKey === 'boat-quote') expect(await visibleFieldCount(page, form)).toBeLessThanOrEqual(30)

    // A tap on the greyed button explains: the summary takes focus and links to the fields.
    const required = allFields(form).filter((field) => field.required)
    if (required.length > 0) {
      await expect(remaining).toHaveText(/\d+/)
      const before = Number((await remaining.textContent())?.match(/\d+/)?.[0])
      expect(before).toBeGreaterThan(0)
      await button.click({ force: true })
      const summary = formLocator.locator('.error-summary')
      await expect(summary).toBeFocused()
      await expect(summary).toContainText(copy.errorSummaryTitle)
      const link = summary.getByRole('link').first()
      const target = (await link.getAttribute('href'))?.slice(1)
      await link.click()
      await expect(page.locator(':focus')).toHaveAttribute('id', target ?? '')
    }

    // Fill as a person would, opening every repeat, the phone typed with its punctuation.
    const email = uniqueEmail(`${formKey}-${locale}`)
    const filled = await fillForm(page, form, { email, locale })
    await expect(remaining).toHaveText(copy.allFilled)
    await expect(button).toBeEnabled()

    // A reload keeps the answers in the tab, but never SSNs, the EIN or dates of birth.
    await page.reload()
    await expect(formLocator.locator('input[type="email"]')).toHaveValue(email)
    await expect(formLocator.locator('input[type="tel"]')).toHaveValue('(770) 555-0142')
    const lost = allFields(form).filter(neverKept)
    for (const field of lost) await expect(formLocator.locator(`[name="${field.name}"]`)).toHaveValue('')
    const lostRequired = lost.filter((field) => field.required).length
    if (lostRequired > 0) await expect(remaining).toHaveText(copy.requiredLeft(lostRequired))
    else await expect(remaining).toHaveText(copy.allFilled)
    await fillForm(page, form, { email, locale, only: neverKept })

    // A repeat opened by mistake is removed again: its fields are emptied and sent empty.
    const removed = closed[0]
    if (removed?.closed) {
      await formLocator.getByRole('button', { name: t(removed.closed.remove) }).click()
      await expect(formLocator.getByRole('group', { name: t(removed.legend), exact: true })).toBeHidden()
      await openRepeat(page, form, removed.closed.add, locale)
      for (const field of removed.fields.filter((candidate) => candidate.kind !== 'checkbox')) {
        const control = formLocator.locator(`[name="${field.name}"]`)
        if (field.kind !== 'radio') await expect(control).toHaveValue('')
      }
      await formLocator.getByRole('button', { name: t(removed.closed.remove) }).click()
      for (const field of removed.fields) delete filled[field.name]
    }

    await expect(remaining).toHaveText(copy.allFilled)
    await button.click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toContainText(copy.successMessage)
    // The one call-back promise (content/call-back.ts), the same words as the e-mail's.
    await expect(dialog).toContainText(
      locale === 'en' ? 'within one business hour' : 'dentro de una hora hábil',
    )
    await expect(dialog.getByRole('link', { name: formatPhone(agency.phone) })).toHaveAttribute(
      'href',
      `tel:+1${agency.phone}`,
    )
    const reference = await dialog.locator('.result-dialog__reference').textContent()
    expect(reference).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/)

    const leads = await storedLead(email)
    expect(leads).toHaveLength(1)
    expect(leads[0]?.reference).toBe(reference)
    // SSNs and the EIN are stored encrypted (checked in tests/e2e/forms.spec.ts).
    const sensitive = new Set(allFields(form).flatMap((field) => (field.sensitive ? [field.name] : [])))
    for (const [name, value] of Object.entries(filled)) {
      if (!sensitive.has(name)) expect(leads[0]?.fields[name], name).toBe(value)
    }
    for (const field of removed?.fields ?? []) expect(leads[0]?.fields).not.toHaveProperty(field.name)

    // Success clears the draft: a reload finds an empty form.
    await dialog.getByRole('button', { name: copy.dialogClose }).click()
    await page.reload()
    await expect(formLocator.locator('input[type="email"]')).toHaveValue('')
  })
}

async function axeViolations(page: Page): Promise<string[]> {
  return violationLines(await axeScan(page, { exclude: 'iframe' }))
}

for (const [formKey, path, locale] of [
  ['boat-quote', '/insurance/vehicle/boat', 'en'],
  ['workers-comp-quote', '/es/insurance/business/workers-compensation', 'es'],
] as const) {
  test(`${path}: no WCAG A/AA violation with the summary shown and every repeat open`, async ({ page }) => {
    const form = definition(formKey)
    await page.goto(path)
    const formLocator = await formHydrated(page, formKey)
    await formLocator.getByRole('button', { name: formText(locale, form.submitLabel) }).click({ force: true })
    await expect(formLocator.locator('.error-summary')).toBeFocused()
    for (const section of form.sections) {
      if (section.closed) await openRepeat(page, form, section.closed.add, locale)
    }
    expect(await axeViolations(page)).toEqual([])
  })
}

test('no WCAG A/AA violation in the failure dialog, which offers the phone', async ({ page }) => {
  await page.route('**/api/forms/**', (route) => route.fulfill({ status: 500, body: 'Internal error' }))
  const form = definition('contact-message')
  await page.goto('/es/contact')
  await fillForm(page, form, { email: uniqueEmail('dialog'), locale: 'es' })
  await page
    .locator('form[data-form-key="contact-message"]')
    .getByRole('button', { name: formText('es', form.submitLabel) })
    .click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toContainText(formUiCopy.es.failureMessage)
  await expect(dialog).toContainText(formUiCopy.es.answersKept)
  await expect(dialog.getByRole('link', { name: formatPhone(agency.phone) })).toHaveAttribute(
    'href',
    `tel:+1${agency.phone}`,
  )
  expect(await axeViolations(page)).toEqual([])
})
