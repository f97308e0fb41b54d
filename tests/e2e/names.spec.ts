/**
 * Names as people write them in the browser: the built pages' `pattern` attribute (compiled by
 * Chromium with the `v` flag) and the form's own check take letters of every language, apostrophes,
 * hyphens and periods, and a refused name is explained in the page's language (shared/DESIGN.md,
 * "Names"; docs/decisions/022-names.md).
 */
import { expect, type Locator, type Page, test } from '@playwright/test'
import { type Locale, withLocale } from '#app/site/route-table.ts'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { type FormKey, getFormDefinition } from '#forms/registry.ts'
import { formHydrated, lessMotion, openRepeat } from './support/fill-form.ts'

test.use(lessMotion)

const refusal: Record<Locale, string> = {
  en: "Use letters, spaces, apostrophes, hyphens and periods, starting with a letter (for example O'Connor, García-López, Ruiz Jr.).",
  es: "Use letras, espacios, apóstrofos, guiones y puntos, empezando por una letra (por ejemplo O'Connor, García-López, Ruiz Jr.).",
}

/**
 * A vehicle form with repeated people (boat operators), a business form and the contact form: every
 * name field is built from one kind of field; the server's names test holds every form's.
 */
const representative: FormKey[] = ['boat-quote', 'workers-comp-quote', 'contact-message']

function definition(key: FormKey): FormDefinition {
  const form = getFormDefinition(key)
  if (!form) throw new Error(`no definition for ${key}`)
  return form
}

/** Opens every optional repeat (a second boat operator, more owners) so all name fields show. */
async function openEveryRepeat(page: Page, form: FormDefinition, locale: Locale) {
  for (const section of form.sections) {
    if (section.closed) await openRepeat(page, form, section.closed.add, locale)
  }
}

/** Types a value at once (no slow typing: the check runs on input) and leaves the field. */
async function enter(control: Locator, value: string) {
  await control.fill(value)
  await control.blur()
}

/** No message beside the field, and valid for the browser too: its `pattern` attribute and the form's own check agree. */
async function expectAccepted(control: Locator, error: Locator, name: string) {
  await enter(control, name)
  await expect(error, name).toHaveCount(0)
  expect(await control.evaluate((element: HTMLInputElement) => element.validity.valid), name).toBe(true)
}

for (const locale of ['en', 'es'] as const) {
  for (const key of representative) {
    const form = definition(key)
    const path = withLocale(locale, form.pages[0] ?? '')
    const names = allFields(form).filter((field) => field.kind === 'text' && field.pattern === 'name')

    test(`${path}: every name field takes O'Connor, García-López and Ruiz Jr., and explains Ana3 in the page's language`, async ({
      page,
    }) => {
      await page.goto(path)
      const formLocator = await formHydrated(page, key)
      await openEveryRepeat(page, form, locale)
      expect(names.length).toBeGreaterThan(0)
      for (const field of names) {
        const byName = `[name="${field.name}"]`
        const control = formLocator.locator(byName)
        const error = formLocator.locator('.field', { has: page.locator(byName) }).locator('.field__error')

        // A real name first, before any message exists; then a refused one; then the way through.
        await expectAccepted(control, error, "O'Connor")
        await enter(control, 'Ana3')
        await expect(error, field.name).toHaveText(refusal[locale])
        await expect(control).toHaveAttribute('aria-invalid', 'true')
        await expectAccepted(control, error, 'García-López')
        await expectAccepted(control, error, 'Ruiz Jr.')
      }
    })
  }
}
