/** Parts shared by the life forms (forms/definitions/*.ts). */
import { dateInput } from '../fields.ts'
import { todayLimit } from '../groups.ts'

/** The visitor's own date of birth (life, final expense): required; it cannot be in the future. */
export function ownBirthDate(name: 'birthdate' | 'dob') {
  return dateInput(name, 'Date of birth', {
    required: true,
    max: todayLimit,
    autoComplete: 'bday',
    note: 'Spec: required, no limit shown; a birth date cannot be in the future, so the maximum is today.',
  })
}
