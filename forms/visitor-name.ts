/**
 * Who sent a lead, decided once for the e-mail subject, the inbox, the lead page, the digest and the
 * inbox search: the person's first and last name, else the name a business form asks for, a
 * driver's or boat operator's name, else the business. The forms' field names are the spec's.
 */
export const visitorNameFields = [
  'firstName',
  'lastName',
  'contactName',
  'primaryDriverName',
  'primaryOperatorName',
  'businessName',
  'companyName',
] as const

/** The visitor's name as their form gave it, or '' when it gave none. */
export function visitorName(fields: Record<string, string>): string {
  const person = [fields.firstName, fields.lastName].filter(Boolean).join(' ')
  if (person) return person
  for (const name of visitorNameFields) if (fields[name]) return fields[name]
  return ''
}
