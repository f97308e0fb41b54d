/**
 * The lead form of a page, by its form key (DESIGN.md section 3). Pages only name the key;
 * the form engine renders the definition.
 */
export type FormKey =
  | 'contact-message'
  | 'quote-request'
  | 'atv-quote'
  | 'boat-quote'
  | 'classic-car-quote'
  | 'motorcycles-quote'
  | 'rv-quote'
  | 'umbrella-quote'
  | 'flood-quote'
  | 'landlord-quote'
  | 'renters-insurance-quote'
  | 'life-insurance-quote'
  | 'final-expense-quote'
  | 'business-quote'
  | 'general-liability-quote'
  | 'bop-quote'
  | 'workers-comp-quote'
  | 'animal-liability-quote'
  | 'event-quote'
  | 'consultation-request'
  | 'update-info'
  | 'proof-request'
  | 'new-testimonial'
  | 'new-referral'

export function PageForm({ formKey }: { formKey: FormKey }) {
  return <p data-form-key={formKey}>This form is on its way.</p>
}
