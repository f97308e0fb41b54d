/**
 * The forms work with JavaScript off: the browser posts the prerendered form itself, the server
 * answers 303 to the thank-you page with the request's reference, and the lead is stored under the
 * form's field names, and the agency is mailed once (a real SMTP server in the e2e server). The
 * browser sends the forms that together hold every kind of field, and those whose thank-you page
 * says something else (testimonial, referral), in both languages; the server tests post every form
 * urlencoded (tests/server/no-js-forms.test.ts). An invalid post (one per family of forms) comes
 * back with the answers and the errors. And with JavaScript on but the island's script blocked, a
 * form is still sent.
 */
import { expect, test } from '@playwright/test'
import { formUiCopy } from '#content/form-ui.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { e2eDataDir } from '../../playwright.config.ts'
import { withE2eDatabase } from './support/database.ts'
import { fillForm, lessMotion } from './support/fill-form.ts'
import { formPages, formsOfEveryKind } from './support/form-pages.ts'
import { mailsForLead } from './support/mail.ts'
import { testWithSharedTab } from './support/shared-tab.ts'

interface StoredLead {
  id: string
  form_key: string
  fields: Record<string, string>
  language: string
  is_spam: boolean
  reference: string
}

async function leadByReference(reference: string): Promise<StoredLead[]> {
  return withE2eDatabase(async (client) => {
    const result = await client.query<StoredLead>(
      'SELECT id, form_key, fields, language, is_spam, reference FROM leads WHERE reference = $1',
      [reference],
    )
    return result.rows
  })
}

const uniqueEmail = (tag: string) => `nojs.${tag}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.com`

// One tab per worker for the forms sent with JavaScript off: without scripts a page stores nothing,
// and the public site sets no cookie.
const noScript = testWithSharedTab({ javaScriptEnabled: false, ...lessMotion })

/** Every kind of field, and each other ending of the thank-you page. */
const sentByTheBrowser = [
  ...formsOfEveryKind,
  ...formPages.filter(([key]) => key === 'new-testimonial' || key === 'new-referral'),
]

noScript.describe('with JavaScript off', () => {
  for (const locale of ['en', 'es'] as const) {
    for (const [formKey, path] of sentByTheBrowser) {
      noScript(
        `${formKey} (${locale}): sent by the browser itself, thank-you page with its reference`,
        async ({ tab: page }) => {
          const form = getFormDefinition(formKey)
          if (!form) throw new Error(`no definition for ${formKey}`)
          await page.goto(locale === 'es' ? `/es${path}` : path)
          const email = uniqueEmail(formKey)
          await fillForm(page, form, { email, locale, scripted: false })
          const button = page.locator(`form[data-form-key="${formKey}"] button[type="submit"]`)
          await expect(button).toBeEnabled()
          await button.click()
          await expect(page).toHaveURL(
            new RegExp(
              `${locale === 'es' ? '/es' : ''}/thank-you\\?ref=[2-9A-Z]{3}-[2-9A-Z]{3}&form=${formKey}$`,
            ),
          )
          const reference = new URL(page.url()).searchParams.get('ref') ?? ''
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(
            locale === 'es' ? '¡Mensaje enviado con éxito!' : 'Message sent successfully!',
          )
          await expect(page.getByText(reference)).toBeVisible()
          // What happens next: the one call-back promise, or what a testimonial or referral gets.
          await expect(page.locator('main')).toContainText(
            formKey === 'new-testimonial'
              ? formUiCopy[locale].testimonialNext
              : formKey === 'new-referral'
                ? formUiCopy[locale].referralNext
                : locale === 'es'
                  ? 'dentro de una hora hábil'
                  : 'within one business hour',
          )
          const [lead, ...others] = await leadByReference(reference)
          expect(others).toHaveLength(0)
          expect(lead?.form_key).toBe(formKey)
          expect(lead?.language).toBe(locale)
          expect(lead?.is_spam).toBe(false)
          expect(lead?.fields.email).toBe(email)
          // The agency is mailed once, through the real SMTP server of the end-to-end set-up.
          await expect
            .poll(async () => (await mailsForLead(e2eDataDir, lead?.id ?? '')).length, { timeout: 20_000 })
            .toBe(1)
        },
      )
    }
  }

  // One form per family; `name@localhost` passes the browser's own e-mail check, not the server's.
  const families = new Map<string, (typeof formPages)[number]>()
  for (const entry of formPages) {
    const family = getFormDefinition(entry[0])?.family ?? ''
    if (!families.has(family)) families.set(family, entry)
  }
  for (const [family, [formKey, path]] of families) {
    noScript(
      `an invalid ${family} form (${formKey}) comes back with the answers and the errors`,
      async ({ tab: page }) => {
        const form = getFormDefinition(formKey)
        if (!form) throw new Error(`no definition for ${formKey}`)
        await page.goto(`/es${path}`)
        const email = uniqueEmail(formKey)
        await fillForm(page, form, { email, locale: 'es', scripted: false })
        const emailInput = page.locator(`form[data-form-key="${formKey}"] input[type="email"]`).first()
        const typed = `${email.split('@')[0]}@localhost`
        await emailInput.fill(typed)
        await page.locator(`form[data-form-key="${formKey}"] button[type="submit"]`).click()
        const summary = page.getByRole('alert').filter({ hasText: 'Hay un problema' })
        await expect(summary).toBeVisible()
        await expect(summary.getByRole('link')).toContainText(['Escriba un correo electrónico válido'])
        // Answered at the page's own address: a reload or a shared link is the page, not an API path.
        expect(new URL(page.url()).pathname).toBe(`/es${path}`)
        await expect(emailInput).toHaveValue(typed)
        await expect(emailInput).toHaveAttribute('aria-invalid', 'true')
        const stored = await withE2eDatabase(
          async (client) =>
            (await client.query("SELECT 1 FROM leads WHERE fields->>'email' = $1", [typed])).rowCount,
        )
        expect(stored).toBe(0)
      },
    )
  }

  noScript('no form is ever sent by GET (nothing personal in an address or a log)', async ({ tab: page }) => {
    for (const [formKey, path] of formPages) {
      await page.goto(path)
      await expect(page.locator(`form[data-form-key="${formKey}"]`)).toHaveAttribute('method', 'post')
    }
  })
})

test('with the island blocked, the browser still sends the form', async ({ page }) => {
  await page.route('**/assets/**/*.js', (route) => route.abort())
  const form = getFormDefinition('contact-message')
  if (!form) throw new Error('no contact form')
  await page.goto('/contact')
  const email = uniqueEmail('blocked')
  await fillForm(page, form, { email, scripted: false })
  await page.locator('form[data-form-key="contact-message"] button[type="submit"]').click()
  await expect(page).toHaveURL(/\/thank-you\?ref=/)
  const reference = new URL(page.url()).searchParams.get('ref') ?? ''
  expect((await leadByReference(reference))[0]?.fields.email).toBe(email)
})
