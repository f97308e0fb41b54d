/**
 * Families of forms for the submission rate limit: a visitor's quota in one family does not use
 * up another (DESIGN.md: about 10 submissions per 10 minutes per family and address).
 */
const serviceForms = new Set(['consultation-request', 'update-info', 'proof-request'])
const communityForms = new Set(['new-testimonial', 'new-referral'])

export type FormFamily = 'contact' | 'quote' | 'service' | 'community'

export function formFamily(formKey: string): FormFamily {
  if (formKey === 'contact-message') return 'contact'
  if (serviceForms.has(formKey)) return 'service'
  if (communityForms.has(formKey)) return 'community'
  return 'quote'
}
