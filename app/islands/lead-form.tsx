/**
 * The only React a visitor's browser runs: it hydrates the prerendered lead form of the page and
 * nothing else (see docs/decisions/004-form-islands.md). The form's definition and, on Spanish
 * pages, the form's words are loaded on demand, so each page pays only for its own form.
 */
import { hydrateRoot } from 'react-dom/client'
import type { FormDefinition } from '../../forms/engine.ts'
import { LeadForm } from '../components/lead-form/lead-form.tsx'
import type { Locale } from '../site/route-table.ts'

const definitions: Record<string, () => Promise<FormDefinition>> = {
  'contact-message': () => import('../../forms/definitions/general.ts').then((m) => m.contactMessage),
  'quote-request': () => import('../../forms/definitions/general.ts').then((m) => m.quoteRequest),
  'atv-quote': () => import('../../forms/definitions/vehicle.ts').then((m) => m.atvQuote),
  'boat-quote': () => import('../../forms/definitions/vehicle.ts').then((m) => m.boatQuote),
  'classic-car-quote': () => import('../../forms/definitions/vehicle.ts').then((m) => m.classicCarQuote),
  'motorcycles-quote': () => import('../../forms/definitions/vehicle.ts').then((m) => m.motorcyclesQuote),
  'rv-quote': () => import('../../forms/definitions/vehicle.ts').then((m) => m.rvQuote),
  'umbrella-quote': () => import('../../forms/definitions/life.ts').then((m) => m.umbrellaQuote),
  'life-insurance-quote': () => import('../../forms/definitions/life.ts').then((m) => m.lifeInsuranceQuote),
  'final-expense-quote': () => import('../../forms/definitions/life.ts').then((m) => m.finalExpenseQuote),
  'flood-quote': () => import('../../forms/definitions/property.ts').then((m) => m.floodQuote),
  'landlord-quote': () => import('../../forms/definitions/property.ts').then((m) => m.landlordQuote),
  'renters-insurance-quote': () =>
    import('../../forms/definitions/property.ts').then((m) => m.rentersInsuranceQuote),
  'business-quote': () => import('../../forms/definitions/business.ts').then((m) => m.businessQuote),
  'general-liability-quote': () =>
    import('../../forms/definitions/business.ts').then((m) => m.generalLiabilityQuote),
  'bop-quote': () => import('../../forms/definitions/business.ts').then((m) => m.bopQuote),
  'workers-comp-quote': () => import('../../forms/definitions/business.ts').then((m) => m.workersCompQuote),
  'animal-liability-quote': () =>
    import('../../forms/definitions/specialty.ts').then((m) => m.animalLiabilityQuote),
  'event-quote': () => import('../../forms/definitions/specialty.ts').then((m) => m.eventQuote),
  'consultation-request': () =>
    import('../../forms/definitions/services.ts').then((m) => m.consultationRequest),
  'update-info': () => import('../../forms/definitions/services.ts').then((m) => m.updateInfo),
  'proof-request': () => import('../../forms/definitions/services.ts').then((m) => m.proofRequest),
  'new-testimonial': () => import('../../forms/definitions/services.ts').then((m) => m.newTestimonial),
  'new-referral': () => import('../../forms/definitions/services.ts').then((m) => m.newReferral),
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
    const load = definitions[element.dataset.leadForm ?? '']
    if (!load) continue
    const [form, translate] = await Promise.all([load(), translator(locale)])
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
