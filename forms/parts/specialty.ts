/** Parts shared by the specialty forms (forms/definitions/*.ts). */
import { contactNames, email, phone } from '../groups.ts'

/** Names (letters only), e-mail and phone. */
export const contactFields = [...contactNames({ pattern: true }), email(), phone()]
