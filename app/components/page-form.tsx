import { useLocation } from 'react-router'
import { agency } from '#config/agency.ts'
import { closedDays, type PublishedFacts } from '#config/site-settings.ts'
import { formText } from '#content/form-text.ts'
import type { FormDefinition } from '#forms/engine.ts'
import { useLocale } from '../site/i18n.ts'
import { canonicalPath, type Locale } from '../site/route-table.ts'
import { LeadForm, requestFormAnchor, type ServerAnswer } from './lead-form/lead-form.tsx'

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
  return (
    <LeadFormIsland
      form={form}
      locale={useLocale()}
      pagePath={canonicalPath(useLocation().pathname)}
      initialValues={initialValues}
    />
  )
}

/** The part of the published settings the form island reads (app/islands/lead-form.tsx). */
function publishedFacts(): PublishedFacts {
  return {
    phone: agency.phone,
    region: agency.address.region,
    regionName: agency.address.regionName,
    hours: agency.hours,
    timeZone: agency.timeZone,
    closedDays: [...closedDays()],
  }
}

/**
 * The island's element and the form in it, outside any router: the server renders it again with a
 * visitor's answers when the browser posted the form itself (app/no-js/pages.tsx).
 */
export function LeadFormIsland({
  form,
  locale,
  initialValues,
  answer,
  pagePath,
}: {
  form: FormDefinition
  locale: Locale
  /** The page's path in its language: the form's action without JavaScript. */
  pagePath: string
  /** What the page starts the form with; the element carries it for the island to read back. */
  initialValues?: Readonly<Record<string, string>> | undefined
  /** The server's answer to a post without JavaScript, and the answers to show instead of `initialValues`. */
  answer?: (ServerAnswer & { values: Readonly<Record<string, string>> }) | undefined
}) {
  const values = answer ? answer.values : initialValues
  return (
    <div
      className="lead-form-island"
      // The anchor the other language's link points at once the visitor has started the form.
      id={requestFormAnchor}
      data-lead-form={form.key}
      data-initial-values={initialValues ? JSON.stringify(initialValues) : undefined}
      // The published facts the form reads in the browser (the call-back promise, the phone
      // example, the state list): the island installs them before it renders (app/islands/lead-form.tsx).
      data-published-facts={JSON.stringify(publishedFacts())}
    >
      <LeadForm
        form={form}
        locale={locale}
        pagePath={pagePath}
        translate={(english) => formText(locale, english)}
        {...(values ? { initialValues: values } : {})}
        {...(answer ? { answer: { errors: answer.errors, notes: answer.notes } } : {})}
      />
    </div>
  )
}
