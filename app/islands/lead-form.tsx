/**
 * The only component code a visitor's browser runs: it hydrates the prerendered lead form of the
 * page and nothing else (docs/decisions/005-form-islands.md), with Preact standing in for React
 * (docs/decisions/017-preact-island.md). The page's wake-up script (app/site/lead-form-island.ts)
 * starts it at the visitor's first tap, key or focus, or at once when the tab keeps a draft to
 * restore; it then loads the form's component, its definition and, on Spanish pages, the form's
 * words, and hydrates. A visitor who only reads the page runs none of it, and the first paint never
 * waits for it. Until then the prerendered form posts by itself (server/no-js).
 */

import { agencyDefaults } from '#config/agency.ts'
import { installSettingsSource } from '#config/live-settings.ts'
import type { PublishedFacts, SiteSettings } from '#config/site-settings.ts'
import type { FormDefinition } from '#forms/engine.ts'
import type { Locale } from '../site/route-table.ts'

/** Each form's definition module (forms/definitions/<key>.ts), loaded when its page asks for it. */
const definitionModules = import.meta.glob<Record<string, FormDefinition>>('../../forms/definitions/*.ts')

async function loadDefinition(key: string): Promise<FormDefinition | undefined> {
  const load = definitionModules[`../../forms/definitions/${key}.ts`]
  return load ? Object.values(await load()).find((definition) => definition.key === key) : undefined
}

async function translator(locale: Locale): Promise<(english: string) => string> {
  if (locale === 'en') return (english) => english
  const { formText } = await import('#content/form-text.ts')
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

/** Ungreys the submit buttons the page's wake-up script greyed while the page loaded (app/site/lead-form-island.ts). */
function releaseGreyedButtons(root: ParentNode): void {
  for (const button of root.querySelectorAll('button[data-until-valid]'))
    button.removeAttribute('aria-disabled')
}

/**
 * The facts the page was published with (the office's week and closed days, the phone, the state):
 * the form reads them, not the defaults this bundle was built with, so it renders what the
 * server did and promises what the office will do.
 */
function installPublishedFacts(json: string | undefined): void {
  if (!json) return
  try {
    const facts = JSON.parse(json) as PublishedFacts
    const settings = {
      agency: {
        ...agencyDefaults,
        phone: facts.phone,
        hours: facts.hours,
        timeZone: facts.timeZone,
        address: { ...agencyDefaults.address, region: facts.region, regionName: facts.regionName },
      },
      closedDays: facts.closedDays,
    } as SiteSettings
    installSettingsSource(() => settings)
  } catch {
    // a page from an older build: the defaults stand
  }
}

async function hydrateLeadForms(): Promise<void> {
  const locale: Locale = document.documentElement.lang === 'es' ? 'es' : 'en'
  for (const element of document.querySelectorAll<HTMLElement>('[data-lead-form]')) {
    installPublishedFacts(element.dataset.publishedFacts)
    const [{ hydrateRoot }, { LeadForm, draftScope, restoreDraft }, form, translate] = await Promise.all([
      import('react-dom/client'),
      import('../components/lead-form/lead-form.tsx'),
      loadDefinition(element.dataset.leadForm ?? ''),
      translator(locale),
    ])
    // From here the form's own state decides (the first render after hydration greys the button
    // again when the form is invalid), or, for a form this build has no definition for, the
    // browser's own post.
    releaseGreyedButtons(element)
    if (!form) continue
    const initialValues = parseInitialValues(element.dataset.initialValues)
    // The tab's draft goes back into the controls the visitor has not touched, in the same
    // synchronous step as hydration: no key can arrive in between, and nothing later writes a
    // value (hydration leaves the controls' values as they are).
    const formElement = element.querySelector('form')
    const draftRestored = formElement
      ? restoreDraft(form, formElement, draftScope(form.key, initialValues ?? {}))
      : false
    hydrateRoot(
      element,
      <LeadForm
        form={form}
        locale={locale}
        pagePath={window.location.pathname}
        translate={translate}
        draftRestored={draftRestored}
        {...(initialValues ? { initialValues } : {})}
      />,
    )
  }
}

hydrateLeadForms().catch((error: unknown) => {
  // The form still posts by itself (server/no-js): let the greyed buttons send it.
  releaseGreyedButtons(document)
  console.error(error)
})
