/**
 * The only React a visitor's browser runs: it hydrates the prerendered lead form of the page and
 * nothing else (see docs/decisions/005-form-islands.md). The form's definition and, on Spanish
 * pages, the form's words are loaded on demand, so each page pays only for its own form.
 */
import { hydrateRoot } from 'react-dom/client'
import type { FormDefinition } from '../../forms/engine.ts'
import { LeadForm } from '../components/lead-form/lead-form.tsx'
import type { Locale } from '../site/route-table.ts'

/** Each form's definition module (forms/definitions/<key>.ts), loaded when its page asks for it. */
const definitionModules = import.meta.glob<Record<string, FormDefinition>>('../../forms/definitions/*.ts')

async function loadDefinition(key: string): Promise<FormDefinition | undefined> {
  const load = definitionModules[`../../forms/definitions/${key}.ts`]
  return load ? Object.values(await load()).find((definition) => definition.key === key) : undefined
}

async function translator(locale: Locale): Promise<(english: string) => string> {
  if (locale === 'en') return (english) => english
  const { formText } = await import('../../content/form-text.ts')
  return (english) => formText(locale, english)
}

/** The values the page rendered the form with (components/page-form.tsx), so hydration matches. */
function parseInitialValues(json: string | undefined): Record<string, string> | undefined {
  if (!json) return undefined
  const parsed: unknown = JSON.parse(json)
  if (!parsed || typeof parsed !== 'object') return undefined
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  )
}

async function hydrateLeadForms(): Promise<void> {
  const locale: Locale = document.documentElement.lang === 'es' ? 'es' : 'en'
  for (const element of document.querySelectorAll<HTMLElement>('[data-lead-form]')) {
    const [form, translate] = await Promise.all([
      loadDefinition(element.dataset.leadForm ?? ''),
      translator(locale),
    ])
    if (!form) continue
    const initialValues = parseInitialValues(element.dataset.initialValues)
    hydrateRoot(
      element,
      <LeadForm
        form={form}
        locale={locale}
        translate={translate}
        {...(initialValues ? { initialValues } : {})}
      />,
    )
  }
}

hydrateLeadForms().catch((error: unknown) => console.error(error))
