const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Leads, their jobs and staff accounts are keyed by uuid. PostgreSQL answers a malformed uuid with
 * an error, so an id from a URL or a form is checked first: a malformed one simply names no row.
 */
export function isUuid(text: string): boolean {
  return uuidPattern.test(text)
}
