/** Parts shared by the business forms (forms/definitions/*.ts). */
import { text, textarea } from '../fields.ts'
import { address } from '../groups.ts'

/** Business name (business, BOP, workers comp). */
export const businessName = text('businessName', 'Business name', {
  required: true,
  autoComplete: 'organization',
})

/** What the business does (business, BOP). */
export const businessDescription = textarea('businessDescription', 'Describe your business', {
  required: true,
})

/** Address block of the general liability and BOP forms: only the city is required. */
export const optionalBusinessAddress = address({ lines: 'address' })
