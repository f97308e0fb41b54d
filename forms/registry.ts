/**
 * The lead forms. Each definition (forms/definitions/<key>.ts) carries every fact about its form;
 * this list only orders them (docs/contracts.md, "Forms"), the order the inbox's form filter and
 * the CSV export follow. Everything else (keys, pages, lines, families) is read from the definitions.
 */
import { animalLiabilityQuote } from './definitions/animal-liability-quote.ts'
import { atvQuote } from './definitions/atv-quote.ts'
import { boatQuote } from './definitions/boat-quote.ts'
import { bopQuote } from './definitions/bop-quote.ts'
import { businessQuote } from './definitions/business-quote.ts'
import { classicCarQuote } from './definitions/classic-car-quote.ts'
import { consultationRequest } from './definitions/consultation-request.ts'
import { contactMessage } from './definitions/contact-message.ts'
import { eventQuote } from './definitions/event-quote.ts'
import { finalExpenseQuote } from './definitions/final-expense-quote.ts'
import { floodQuote } from './definitions/flood-quote.ts'
import { generalLiabilityQuote } from './definitions/general-liability-quote.ts'
import { landlordQuote } from './definitions/landlord-quote.ts'
import { lifeInsuranceQuote } from './definitions/life-insurance-quote.ts'
import { motorcyclesQuote } from './definitions/motorcycles-quote.ts'
import { newReferral } from './definitions/new-referral.ts'
import { newTestimonial } from './definitions/new-testimonial.ts'
import { proofRequest } from './definitions/proof-request.ts'
import { quoteRequest } from './definitions/quote-request.ts'
import { rentersInsuranceQuote } from './definitions/renters-insurance-quote.ts'
import { rvQuote } from './definitions/rv-quote.ts'
import { umbrellaQuote } from './definitions/umbrella-quote.ts'
import { updateInfo } from './definitions/update-info.ts'
import { workersCompQuote } from './definitions/workers-comp-quote.ts'
import type { FormDefinition, VisitorFields } from './engine.ts'

export const formDefinitions = [
  contactMessage,
  quoteRequest,
  atvQuote,
  boatQuote,
  classicCarQuote,
  motorcyclesQuote,
  rvQuote,
  umbrellaQuote,
  floodQuote,
  landlordQuote,
  rentersInsuranceQuote,
  lifeInsuranceQuote,
  finalExpenseQuote,
  businessQuote,
  generalLiabilityQuote,
  bopQuote,
  workersCompQuote,
  animalLiabilityQuote,
  eventQuote,
  consultationRequest,
  updateInfo,
  proofRequest,
  newTestimonial,
  newReferral,
] as const satisfies readonly FormDefinition[]

export type FormKey = (typeof formDefinitions)[number]['key']

export const formKeys: readonly FormKey[] = formDefinitions.map((form) => form.key)

const byKey = new Map<string, FormDefinition>(formDefinitions.map((form) => [form.key, form]))

/** The definition for a URL key, or undefined (never a prototype property such as '__proto__'). */
export function getFormDefinition(key: string): FormDefinition | undefined {
  return byKey.get(key)
}

/** Every form's fields that name (or reach) the visitor, without repeats: where the inbox looks. */
export function visitorFieldNames(kind: keyof VisitorFields): string[] {
  return [...new Set(formDefinitions.flatMap((form) => form.visitor[kind]))]
}
