import type { FormKey } from '../../../forms/registry.ts'

/** Where the spec puts each of the 24 forms. */
export const formPages: [FormKey, string][] = [
  ['contact-message', '/contact'],
  ['quote-request', '/get-a-quote'],
  ['atv-quote', '/insurance/vehicle/atv'],
  ['boat-quote', '/insurance/vehicle/boat'],
  ['classic-car-quote', '/insurance/vehicle/classic-car'],
  ['motorcycles-quote', '/insurance/vehicle/motorcycle'],
  ['rv-quote', '/insurance/vehicle/rv'],
  ['umbrella-quote', '/insurance/life/umbrella'],
  ['flood-quote', '/insurance/property/flood'],
  ['landlord-quote', '/insurance/property/landlord'],
  ['renters-insurance-quote', '/insurance/property/renters'],
  ['life-insurance-quote', '/insurance/life/life-insurance'],
  ['final-expense-quote', '/insurance/life/final-expense'],
  ['business-quote', '/insurance/business'],
  ['general-liability-quote', '/insurance/business/general-liability'],
  ['bop-quote', '/insurance/business/bop'],
  ['workers-comp-quote', '/insurance/business/workers-compensation'],
  ['animal-liability-quote', '/insurance/others/animal-liability'],
  ['event-quote', '/insurance/others/event'],
  ['consultation-request', '/services/free-consultation'],
  ['update-info', '/services/update-info'],
  ['proof-request', '/services/proof-insurance'],
  ['new-testimonial', '/about/testimonials'],
  ['new-referral', '/about/refer-friend'],
]
