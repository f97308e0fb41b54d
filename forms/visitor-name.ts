/**
 * Who sent a lead, decided once for the e-mail subject, the inbox, the lead page, the digest and the
 * inbox search: the person's first and last name, else the name a business form asks for, a
 * driver's or boat operator's name, else the business. The field names are the forms' fixed ones
 * (docs/contracts.md, "Forms").
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

/**
 * The visitor's name as their form gave it, or '' when it gave none. `names`: the form's own name
 * fields (its definition's `visitor.name`, which defineForm takes from the list above); without a
 * form, every form's.
 */
export function visitorName(
  fields: Record<string, string>,
  names: readonly string[] = visitorNameFields,
): string {
  const person = [fields.firstName, fields.lastName].filter(Boolean).join(' ')
  if (person) return person
  for (const name of names) if (fields[name]) return fields[name]
  return ''
}
