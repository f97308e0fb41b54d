import type { Locator, Page } from '@playwright/test'
import type { Locale } from '../../../app/site/route-table.ts'
import { formText } from '../../../content/form-text.ts'
import { addDays, resolveDateLimit, toIsoDate } from '../../../forms/dates.ts'
import { allFields, type Field, type FormDefinition } from '../../../forms/engine.ts'

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
      return '7705550142'
    default: {
      if (/zip/i.test(field.name)) return '30620'
      if (field.pattern === 'digits') return '123456789'.slice(0, field.maxLength ?? 9)
      if (field.pattern === 'name') return 'José Núñez'
      if (field.minWords) return 'We build small wooden furniture in a shop with two saws and a sander.'
      const text = field.kind === 'textarea' ? 'Please call me after 5 pm.\nThank you!' : 'Sample answer'
      return text.slice(0, field.maxLength ?? text.length)
    }
  }
}

function isHoneypot(field: Field): boolean {
  return field.kind === 'text' && field.honeypot === true
}

/**
 * Fills every field of a form as a visitor would: each control found by its visible label inside
 * its fieldset (the legend names the group), in the page's language.
 */
export async function fillForm(
  page: Page,
  form: FormDefinition,
  { locale = 'en', email, today = new Date() }: { locale?: Locale; email: string; today?: Date },
): Promise<Record<string, string>> {
  const t = (english: string) => formText(locale, english)
  const formLocator = page.locator(`form[data-form-key="${form.key}"]`)
  const filled: Record<string, string> = {}
  for (const section of form.sections) {
    const group = formLocator.getByRole('group', { name: t(section.legend), exact: true })
    for (const field of section.fields) {
      if (isHoneypot(field)) continue
      const value = visitorValue(field, today, email)
      await fillField(group, field, value, t)
      filled[field.name] = value
    }
  }
  return filled
}

async function fillField(group: Locator, field: Field, value: string, t: (s: string) => string) {
  switch (field.kind) {
    case 'radio':
      await group
        .getByRole('group', { name: t(field.label) })
        .getByRole('radio', {
          name: t(field.options.find((o) => o.value === value)?.label ?? value),
          exact: true,
        })
        .check()
      return
    case 'checkbox':
      await group.getByRole('checkbox', { name: t(field.label) }).check()
      return
    case 'select':
      await group.getByLabel(labelText(t(field.label))).selectOption(value)
      return
    default:
      await group.getByLabel(labelText(t(field.label))).fill(value)
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
