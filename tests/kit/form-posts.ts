/**
 * Forms as visitors post them to the server (the body of POST /api/submit/:formKey or the no-JS
 * form): every field valid by its definition, the honeypot empty, then the test's own values.
 */
import { registeredForm, validPayload } from '#tests/server/helpers/form-payloads.ts'

/** The contact form from Jane Quillfeather, who asks to be called; `overrides` change any field. */
export function contactPayload(today: Date, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...validPayload(registeredForm('contact-message'), today),
    firstName: 'Jane',
    lastName: 'Quillfeather',
    email: 'jane.quillfeather@example.com',
    msg: 'Please call me about my policy.',
    ...overrides,
  }
}
