/**
 * The only component code a visitor's browser runs: it hydrates the prerendered lead form of the
 * page and nothing else (docs/decisions/005-form-islands.md), with Preact standing in for React
 * (docs/decisions/017-preact-island.md). This entry is small: the form's component, its definition
 * and, on Spanish pages, the form's words are loaded only when the page has finished loading and the
 * browser is idle, or at the visitor's first touch, key or focus, whichever comes first, so they
 * never compete with the first paint. Until then the prerendered form posts by itself (server/no-js).
 */
import type { FormDefinition } from '../../forms/engine.ts'
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
    const [{ hydrateRoot }, { LeadForm }, form, translate] = await Promise.all([
      import('react-dom/client'),
      import('../components/lead-form/lead-form.tsx'),
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

/** Runs `start` once: after the load event when the browser is idle, or at the first interaction. */
function whenIdleOrTouched(start: () => void): void {
  const triggers = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const
  let started = false
  const once = () => {
    if (started) return
    started = true
    for (const type of triggers) removeEventListener(type, once, true)
    start()
  }
  for (const type of triggers) addEventListener(type, once, { capture: true, passive: true })
  const idle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(once, { timeout: 2000 })
      : setTimeout(once, 1)
  if (document.readyState === 'complete') idle()
  else addEventListener('load', idle, { once: true })
}

whenIdleOrTouched(() => {
  hydrateLeadForms().catch((error: unknown) => console.error(error))
})
