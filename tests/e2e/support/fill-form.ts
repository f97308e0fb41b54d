import { expect, type Locator, type Page } from '@playwright/test'
import type { Locale } from '#app/site/route-table.ts'
import { formText } from '#content/form-text.ts'
import { addDays, resolveDateLimit, toIsoDate } from '#forms/dates.ts'
import { allFields, type Field, type FormDefinition } from '#forms/engine.ts'

/**
 * For the files that fill forms: a visitor who asks for less motion (`test.use(lessMotion)`). The
 * site's one motion is its smooth scrolling (site.css), and each of Playwright's taps waits for a
 * smooth scroll to end, about a second for a control far down a long form; the forms are the same.
 * The page tests keep the smooth scrolling (tests/e2e/pages.spec.ts: hero buttons, back).
 */
export const lessMotion = { reducedMotion: 'reduce' } as const

/** A value a visitor could type or pick for the field, read from its definition. */
export function visitorValue(field: Field, today: Date, email: string): string {
  switch (field.kind) {
    case 'select':
    case 'radio':
      return field.options[field.options.length > 1 ? 1 : 0]?.value ?? ''
    case 'checkbox':
      return 'true'
    case 'number':
      return String(field.min)
    case 'date': {
      const min = field.min && resolveDateLimit(field.min, today)
      const max = field.max && resolveDateLimit(field.max, today)
      if (max) return addDays(max, -400)
      if (min) return addDays(min, 20)
      return toIsoDate(today)
    }
    case 'email':
      return email
    case 'tel':
      // Typed as people write it; the form submits the digits (see storedValue).
      return '(770) 555-0142'
    default: {
      if (/zip/i.test(field.name)) return '30620'
      // An SSN or EIN typed with its dashes, as people write it; the form submits the 9 digits.
      if (field.pattern === 'taxNumber') return '123-45-6789'
      if (field.pattern === 'digits') return '123456789'.slice(0, field.maxLength ?? 9)
      if (field.pattern === 'name') return "José O'Connor-Núñez"
      if (field.minWords) return 'We build small wooden furniture in a shop with two saws and a sander.'
      const text = field.kind === 'textarea' ? 'Please call me after 5 pm.\nThank you!' : 'Sample answer'
      return text.slice(0, field.maxLength ?? text.length)
    }
  }
}

/** What the lead stores for a value the visitor typed: a phone number's 10 digits, anything else as typed. */
export function storedValue(field: Field, typed: string): string {
  if (field.kind === 'tel') return typed.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '')
  return field.kind === 'text' && field.pattern === 'taxNumber' ? typed.replace(/\D/g, '') : typed
}

function isHoneypot(field: Field): boolean {
  return field.kind === 'text' && field.honeypot === true
}

/**
 * Touches the page as a visitor does (a key press that changes nothing: Shift) and waits until the
 * form's script has taken over. The script wakes only at the visitor's first tap, key or focus
 * (app/site/lead-form-island.ts); before that the browser posts the form itself (it works without
 * JavaScript), so a test of the scripted behaviour (error summary, steps, dialogs) must not click
 * before this.
 */
export async function formHydrated(page: Page, formKey: string): Promise<Locator> {
  const form = page.locator(`form[data-form-key="${formKey}"]`)
  await page.keyboard.press('Shift')
  // The script is fetched and run at that first touch: seconds on a slow, busy machine.
  await expect(form).toHaveAttribute('data-hydrated', '', { timeout: 15_000 })
  return form
}

/**
 * Fills every field of a form as a visitor would: each control found by its visible label inside
 * its fieldset (the legend names the group), in the page's language. Returns what the lead should
 * store for each field.
 */
export async function fillForm(
  page: Page,
  form: FormDefinition,
  {
    locale = 'en',
    email,
    today = new Date(),
    typingDelayMs,
    only,
    scripted = true,
  }: {
    locale?: Locale
    email: string
    today?: Date
    /** Types text key by key with this pause, as a person does; without it, fills at once. */
    typingDelayMs?: number
    /** Fill only these fields (and open no repeat): a visitor finishing a form they started. */
    only?: (field: Field) => boolean
    /** false where the page runs without its script (JavaScript off, or the island blocked). */
    scripted?: boolean
  },
): Promise<Record<string, string>> {
  const t = (english: string) => formText(locale, english)
  // Typing before the script takes over could race its first render: wait for it where it runs.
  const formLocator = scripted
    ? await formHydrated(page, form.key)
    : page.locator(`form[data-form-key="${form.key}"]`)
  const filled: Record<string, string> = {}
  for (const section of form.sections) {
    // An optional repeat (a second boat…) is closed until asked for: open it as a visitor would.
    if (section.closed && !only) await openRepeat(page, form, section.closed.add, locale)
    const group = formLocator.getByRole('group', { name: t(section.legend), exact: true })
    for (const field of section.fields) {
      if (isHoneypot(field) || (only && !only(field))) continue
      const value = visitorValue(field, today, email)
      await fillField(group, field, value, t, typingDelayMs)
      filled[field.name] = storedValue(field, value)
    }
  }
  return filled
}

/** Opens an optional repeat by its "Add…" control (English label, shown in the page's language). */
export async function openRepeat(page: Page, form: FormDefinition, addLabel: string, locale: Locale = 'en') {
  const add = page.locator(`form[data-form-key="${form.key}"] summary`, {
    hasText: formText(locale, addLabel),
  })
  await bringIntoView(add)
  await add.click()
}

/**
 * Puts a control on screen at once, as a visitor scrolls to it, before it is tapped. Left to
 * Playwright, the tap scrolls with the page's smooth scrolling (site.css) and waits for the control
 * to stop moving: about a second for a control far down a long form.
 */
async function bringIntoView(control: Locator) {
  await control.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }))
}

async function fillField(
  group: Locator,
  field: Field,
  value: string,
  t: (s: string) => string,
  typingDelayMs: number | undefined,
) {
  switch (field.kind) {
    case 'radio': {
      const radio = group.getByRole('group', { name: t(field.label) }).getByRole('radio', {
        name: t(field.options.find((o) => o.value === value)?.label ?? value),
        exact: true,
      })
      await bringIntoView(radio)
      await radio.check()
      return
    }
    case 'checkbox': {
      const checkbox = group.getByRole('checkbox', { name: t(field.label) })
      await bringIntoView(checkbox)
      await checkbox.check()
      return
    }
    case 'select':
      await group.getByLabel(labelText(t(field.label))).selectOption(value)
      return
    default: {
      const control = group.getByLabel(labelText(t(field.label)))
      if (typingDelayMs === undefined || field.kind === 'date') await control.fill(value)
      else await control.pressSequentially(value, { delay: typingDelayMs })
    }
  }
}

/** A visible label exactly, with or without the required asterisk after it. */
function labelText(label: string): RegExp {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`)
}

export function fieldNames(form: FormDefinition): string[] {
  return allFields(form)
    .filter((field) => !isHoneypot(field))
    .map((field) => field.name)
}

/** What a visitor types into the contact form. */
export interface ContactMessage {
  firstName: string
  lastName: string
  email: string
  phone: string
  msg: string
}

/**
 * A visitor sends the contact form from /contact, typing each field, and sees it was sent: the
 * way the desk's tests get a lead as a visitor makes one.
 */
export async function sendContactMessage(page: Page, message: ContactMessage): Promise<void> {
  await page.goto('/contact')
  const form = page.locator('form[data-form-key="contact-message"]')
  for (const [name, value] of Object.entries(message)) await form.locator(`[name="${name}"]`).fill(value)
  await form.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByRole('dialog')).toContainText('Message sent successfully!')
}
