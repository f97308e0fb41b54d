import type { FormDefinition } from '../../forms/engine.ts'
import { LeadForm } from './lead-form/lead-form.tsx'

/**
 * The lead form of a page. A page imports just its own definition (not the registry of all 24),
 * so each page's bundle carries one form.
 */
export function PageForm({ form }: { form: FormDefinition }) {
  return <LeadForm form={form} />
}
