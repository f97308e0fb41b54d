/** All 24 lead forms, by their form key (DESIGN.md section 3: POST /api/forms/<key>). */

import { bopQuote, businessQuote, generalLiabilityQuote, workersCompQuote } from './definitions/business.ts'
import { contactMessage, quoteRequest } from './definitions/general.ts'
import { finalExpenseQuote, lifeInsuranceQuote, umbrellaQuote } from './definitions/life.ts'
import { floodQuote, landlordQuote, rentersInsuranceQuote } from './definitions/property.ts'
import {
  consultationRequest,
  newReferral,
  newTestimonial,
  proofRequest,
  updateInfo,
} from './definitions/services.ts'
import { animalLiabilityQuote, eventQuote } from './definitions/specialty.ts'
import { atvQuote, boatQuote, classicCarQuote, motorcyclesQuote, rvQuote } from './definitions/vehicle.ts'
import type { FormDefinition } from './engine.ts'

/** The form keys, in the order of DESIGN.md section 3. */
export const formKeys = [
  'contact-message',
  'quote-request',
  'atv-quote',
  'boat-quote',
  'classic-car-quote',
  'motorcycles-quote',
  'rv-quote',
  'umbrella-quote',
  'flood-quote',
  'landlord-quote',
  'renters-insurance-quote',
  'life-insurance-quote',
  'final-expense-quote',
  'business-quote',
  'general-liability-quote',
  'bop-quote',
  'workers-comp-quote',
  'animal-liability-quote',
  'event-quote',
  'consultation-request',
  'update-info',
  'proof-request',
  'new-testimonial',
  'new-referral',
] as const

export type FormKey = (typeof formKeys)[number]

/** Each key's definition; the compiler checks that none is missing (tests check each `key` matches). */
const byKey: Record<FormKey, FormDefinition> = {
  'contact-message': contactMessage,
  'quote-request': quoteRequest,
  'atv-quote': atvQuote,
  'boat-quote': boatQuote,
  'classic-car-quote': classicCarQuote,
  'motorcycles-quote': motorcyclesQuote,
  'rv-quote': rvQuote,
  'umbrella-quote': umbrellaQuote,
  'flood-quote': floodQuote,
  'landlord-quote': landlordQuote,
  'renters-insurance-quote': rentersInsuranceQuote,
  'life-insurance-quote': lifeInsuranceQuote,
  'final-expense-quote': finalExpenseQuote,
  'business-quote': businessQuote,
  'general-liability-quote': generalLiabilityQuote,
  'bop-quote': bopQuote,
  'workers-comp-quote': workersCompQuote,
  'animal-liability-quote': animalLiabilityQuote,
  'event-quote': eventQuote,
  'consultation-request': consultationRequest,
  'update-info': updateInfo,
  'proof-request': proofRequest,
  'new-testimonial': newTestimonial,
  'new-referral': newReferral,
}

export const formDefinitions: FormDefinition[] = formKeys.map((key) => byKey[key])

export function isFormKey(key: string): key is FormKey {
  return formKeys.some((formKey) => formKey === key)
}

/** The definition for a URL key, or undefined (never a prototype property such as '__proto__'). */
export function getFormDefinition(key: string): FormDefinition | undefined {
  return isFormKey(key) ? byKey[key] : undefined
}
