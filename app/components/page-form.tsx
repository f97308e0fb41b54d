import { type FormKey, formDefinitions } from '../../forms/registry.ts'
import { LeadForm } from './lead-form/lead-form.tsx'

/** The lead form of a page, by its form key (DESIGN.md section 3): pages name the key, the engine renders it. */
export function PageForm({ formKey }: { formKey: FormKey }) {
  const form = formDefinitions.find((definition) => definition.key === formKey)
  return form ? <LeadForm form={form} /> : null
}
