import { formText } from '../../content/form-text.ts'
import type { FormDefinition } from '../../forms/engine.ts'
import { useLocale } from '../site/i18n.ts'
import { LeadForm } from './lead-form/lead-form.tsx'

/**
 * The lead form of a page, prerendered inside its island: the browser hydrates only this element
 * (app/islands/lead-form.tsx), never the rest of the page.
 */
export function PageForm({
  form,
  initialValues,
}: {
  form: FormDefinition
  /** Values the form starts with (the auto page's line of insurance); the island reads them back. */
  initialValues?: Readonly<Record<string, string>>
}) {
  const locale = useLocale()
  return (
    <div
      className="lead-form-island"
      data-lead-form={form.key}
      data-initial-values={initialValues ? JSON.stringify(initialValues) : undefined}
    >
      <LeadForm
        form={form}
        locale={locale}
        translate={(english) => formText(locale, english)}
        {...(initialValues ? { initialValues } : {})}
      />
    </div>
  )
}
