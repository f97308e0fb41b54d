import { visitorFieldNames } from '#forms/registry.ts'

/** The visitor's phone: the first phone field of any form (definitions' `visitor.phone`) that has one. */
const phoneFields = visitorFieldNames('phone')

export function leadPhone(fields: Record<string, string>): string {
  return phoneFields.map((name) => fields[name]).find(Boolean) ?? ''
}
