/** The referral form. */
import { testimonialLike } from '../parts/services.ts'

export const newReferral = testimonialLike('new-referral', 'Referral', ['/about/refer-friend'])
