import { formText } from '../../content/form-text.ts'
import type { FormDefinition } from '../../forms/engine.ts'
import { useLocale } from '../site/i18n.ts'
import { LeadForm } from './lead-form/lead-form.tsx'

/**
 * The lead form of a page, prerendered inside its island: the browser hydrates only this element
 * (app/islands/lead-form.tsx), never the rest of the page.
 */
export function PageForm({ form }: { form: FormDefinition }) {
  const locale = useLocale()
  return (
    <div className="lead-form-island" data-lead-form={form.key}>
      <LeadForm form={form} locale={locale} translate={(english) => formText(locale, english)} />
    </div>
  )
}
