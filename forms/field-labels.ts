/**
 * A lead's fields in the agency's words, the same in the e-mail (server/mail/lead-notification.tsx)
 * and the webhook payload (server/webhooks/payload.ts): both take the labels from here, beside the
 * form definitions they are derived from.
 */
import { allFields, type FormDefinition } from './engine.ts'

/**
 * Each field's label as the agency reads it: the form's label, preceded by its section's legend
 * (without "(optional)") where another field of the form has the same label.
 */
export function fieldLabels(form: FormDefinition): Map<string, string> {
  const counts = new Map<string, number>()
  for (const field of allFields(form)) counts.set(field.label, (counts.get(field.label) ?? 0) + 1)
  const labels = new Map<string, string>()
  for (const section of form.sections) {
    const legend = section.legend.replace(/\s*\(optional\)$/, '')
    for (const field of section.fields) {
      const shared = (counts.get(field.label) ?? 0) > 1
      labels.set(field.name, shared ? `${legend} — ${field.label}` : field.label)
    }
  }
  return labels
}
