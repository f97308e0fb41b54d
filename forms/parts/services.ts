/** Parts shared by the services forms (forms/definitions/*.ts). */

import { defineForm, submitLabels } from '../define-form.ts'
import type { FormDefinition } from '../engine.ts'
import { contactNames, contactSection, email, notes, section, stateSelect } from '../groups.ts'

/** Names (no pattern on these forms), e-mail, phone and the state selector. */
export const serviceContact = contactSection({}, stateSelect({ required: false }))

/** The testimonial and the referral share their fields and wording (the referral reuses the testimonial's). */
export function testimonialLike<const Key extends string>(
  key: Key,
  title: string,
  pages: readonly [string, ...string[]],
): FormDefinition<Key> {
  return defineForm(
    key,
    title,
    submitLabels.message,
    [
      section('Your details', contactNames(), email(), stateSelect({ required: false })),
      section('Your message', notes('msg', { required: true })),
    ],
    { pages, line: 'service', family: 'community' },
  )
}
