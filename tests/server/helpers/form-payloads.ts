import { addDays, resolveDateLimit, toIsoDate } from '#forms/dates.ts'
import { allFields, type Field, type FormDefinition } from '#forms/engine.ts'
import type { LeadSource } from '#forms/lead-source.ts'
import { getFormDefinition } from '#forms/registry.ts'

/** The registered form of `key`: a test naming a form that is no longer registered fails here. */
export function registeredForm(key: string): FormDefinition {
  const form = getFormDefinition(key)
  if (!form) throw new Error(`${key} is not registered`)
  return form
}

/** A `_source` as the page's script sends it with a form: a visit from a Google ad for boat insurance. */
export const boatAdVisit: LeadSource = {
  landing: '/insurance/vehicle/boat',
  referrer: 'www.google.com',
  utmSource: 'google',
  utmMedium: 'cpc',
  utmCampaign: 'boats',
  clickId: 'gclid',
}

/** A value the field accepts, read from its definition alone (not from forms/schema.ts). */
export function validValue(field: Field, today: Date): string {
  switch (field.kind) {
    case 'select':
    case 'radio':
      return field.defaultValue ?? field.options[0]?.value ?? ''
    case 'checkbox':
      return 'true'
    case 'number':
      return String(field.min)
    case 'date':
      return validDate(
        field.min && resolveDateLimit(field.min, today),
        field.max && resolveDateLimit(field.max, today),
        today,
      )
    case 'email':
      return 'jane.doe@example.com'
    case 'tel':
      return '7705550142'.slice(0, field.maxLength ?? 10)
    case 'text':
    case 'textarea': {
      if (field.pattern === 'taxNumber') return '123456789'
      if (field.pattern === 'digits') return '1234567890'.slice(0, field.maxLength ?? 5)
      if (field.pattern === 'name') return 'Jane Doe'.slice(0, field.maxLength ?? 8)
      const words = field.minWords
        ? Array.from({ length: field.minWords }, (_, i) => `word${i}`).join(' ')
        : 'Sample text'
      return words.slice(0, field.maxLength ?? words.length)
    }
  }
}

/** A date inside [min, max]: a year below max, a month above min, or today. */
function validDate(min: string | undefined, max: string | undefined, today: Date): string {
  if (max) return min && addDays(max, -365) < min ? max : addDays(max, -365)
  if (min) return addDays(min, 30)
  return toIsoDate(today)
}

export function isHoneypot(field: Field): boolean {
  return 'honeypot' in field && field.honeypot === true
}

/** Every field of the form filled with a valid value, the honeypot left empty as a browser sends it. */
export function validPayload(form: FormDefinition, today: Date): Record<string, string> {
  return Object.fromEntries(
    allFields(form).map((field) => [field.name, isHoneypot(field) ? '' : validValue(field, today)]),
  )
}

/** What the server stores for validPayload: the form's fields, without the honeypot. */
export function expectedStoredFields(form: FormDefinition, today: Date): Record<string, string> {
  const payload = validPayload(form, today)
  for (const field of allFields(form)) if (isHoneypot(field)) delete payload[field.name]
  return payload
}
