/** The testimonial form. */
import { testimonialLike } from '../parts/services.ts'

export const newTestimonial = testimonialLike('new-testimonial', 'Testimonial', ['/about/testimonials'])
