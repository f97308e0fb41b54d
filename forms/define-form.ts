/**
 * How a form definition is made: defineForm takes a form's sections and the facts about it
 * (pages, line, family) and derives the rest (visitor, sensitive and decoy fields).
 */
import type { Field, FormDefinition, FormFacts, FormSection } from './engine.ts'
import { honeypot, section } from './groups.ts'
import { isHoneypotField } from './honeypot.ts'
import { visitorNameFields } from './visitor-name.ts'

/**
 * A form definition. Every form carries the decoy `company`: it is added here, once, at the end of
 * the last section (the renderer hides it).
 */
export function defineForm<const Key extends string>(
  key: Key,
  title: string,
  submitLabel: string,
  sections: FormSection[],
  facts: FormFacts,
): FormDefinition<Key> {
  const last = sections.at(-1)
  const withHoneypot = last
    ? [...sections.slice(0, -1), { ...last, fields: [...last.fields, honeypot()] }]
    : [section('Your details', honeypot())]
  const all = withHoneypot.flatMap((part) => part.fields)
  const names = (keep: (field: Field) => boolean) => all.filter(keep).map((field) => field.name)
  const { submitAlwaysEnabled, family = 'quote', ...where } = facts
  return {
    key,
    title,
    submitLabel,
    sections: withHoneypot,
    ...where,
    family,
    visitor: {
      name: visitorNameFields.filter((name) => all.some((field) => field.name === name)),
      email: names((field) => field.kind === 'email'),
      phone: names((field) => field.kind === 'tel'),
    },
    sensitiveFields: names((field) => field.sensitive === true),
    honeypotFields: names(isHoneypotField),
    ...(submitAlwaysEnabled ? { submitAlwaysEnabled } : {}),
  }
}

export const submitLabels = {
  quote: 'Get My Quote',
  message: 'Send Message',
  atv: 'GET QUOTE',
} as const
