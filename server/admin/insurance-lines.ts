import { type FormKey, isFormKey } from '../../forms/registry.ts'

/**
 * Lines of insurance for the inbox chart: the site's sections (vehicle, property, life, business,
 * specialty) plus the forms that are not a quote for one line. Umbrella sits under life because
 * the site lists it there (/insurance/life/umbrella).
 */
export const insuranceLines = [
  { key: 'vehicle', label: 'Vehicle', color: '#1d4ed8' },
  { key: 'property', label: 'Property', color: '#b45309' },
  { key: 'life', label: 'Life', color: '#7e22ce' },
  { key: 'business', label: 'Business', color: '#047857' },
  { key: 'specialty', label: 'Specialty', color: '#be123c' },
  { key: 'service', label: 'Contact & service', color: '#475569' },
] as const

export type InsuranceLine = (typeof insuranceLines)[number]['key']

const lineOfForm: Record<FormKey, InsuranceLine> = {
  'atv-quote': 'vehicle',
  'boat-quote': 'vehicle',
  'classic-car-quote': 'vehicle',
  'motorcycles-quote': 'vehicle',
  'rv-quote': 'vehicle',
  'flood-quote': 'property',
  'landlord-quote': 'property',
  'renters-insurance-quote': 'property',
  'life-insurance-quote': 'life',
  'final-expense-quote': 'life',
  'umbrella-quote': 'life',
  'business-quote': 'business',
  'general-liability-quote': 'business',
  'bop-quote': 'business',
  'workers-comp-quote': 'business',
  'animal-liability-quote': 'specialty',
  'event-quote': 'specialty',
  'contact-message': 'service',
  'quote-request': 'service',
  'consultation-request': 'service',
  'update-info': 'service',
  'proof-request': 'service',
  'new-testimonial': 'service',
  'new-referral': 'service',
}

/** The line a stored lead's form belongs to; a key no longer registered counts as service. */
export function insuranceLineOf(formKey: string): InsuranceLine {
  return isFormKey(formKey) ? lineOfForm[formKey] : 'service'
}
