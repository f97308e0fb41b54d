/** The services and about forms (spec 001): consultation, update info, proof of insurance, testimonial, referral. */
import type { Field, FormDefinition } from '../engine.ts'
import { select, text } from '../fields.ts'
import {
  contactNames,
  defineForm,
  email,
  notes,
  phone,
  section,
  stateSelect,
  submitLabels,
} from '../groups.ts'

/** Names (no pattern on these forms), e-mail, phone and the state selector. */
const serviceContact: Field[] = [
  ...contactNames({ pattern: false }),
  email(),
  phone(),
  stateSelect({ required: false }),
]

export const consultationRequest: FormDefinition = defineForm(
  'consultation-request',
  'Free consultation request',
  submitLabels.message,
  [
    section(
      'Your consultation',
      select('consultationType', 'Consultation type', ['Telephone', 'Face-to-Face', 'Other'], {
        required: true,
        defaultValue: 'Telephone',
      }),
    ),
    section('Your contact details', serviceContact),
    section('Your message', notes('msg', { required: true })),
  ],
)

export const updateInfo: FormDefinition = defineForm(
  'update-info',
  'Information update',
  submitLabels.message,
  [
    section('Your contact details', serviceContact),
    section('Your new information', notes('msg', { required: true, label: 'The new information' })),
  ],
)

export const proofRequest: FormDefinition = defineForm(
  'proof-request',
  'Proof of insurance request',
  submitLabels.message,
  [
    section(
      'Your policy',
      select('type', 'Type of proof', ['id card', 'certificate of insurance', 'declaration pages', 'other'], {
        required: true,
        defaultValue: 'id card',
      }),
      text('carrier', 'Insurance carrier', { required: true }),
      text('policy', 'Policy number', { required: true }),
      select('delivery', 'Delivery', ['email', 'mail', 'fax', 'pickup in agency', 'other'], {
        required: true,
        defaultValue: 'email',
      }),
    ),
    section('Your contact details', serviceContact),
    section('Your message', notes('msg', { required: false })),
  ],
)

/** The testimonial and the referral share their fields and wording (spec: the referral reuses it). */
function testimonialLike(key: string, title: string): FormDefinition {
  return defineForm(key, title, submitLabels.message, [
    section('Your details', contactNames({ pattern: false }), email(), stateSelect({ required: false })),
    section('Your message', notes('msg', { required: true })),
  ])
}

export const newTestimonial: FormDefinition = testimonialLike('new-testimonial', 'Testimonial')
export const newReferral: FormDefinition = testimonialLike('new-referral', 'Referral')
