/**
 * A lead's short reference ("K7M-Q9X"): drawn here when the lead repository stores a lead (the
 * column's default in server/db/migrations/005-lead-reference.sql draws the same shape for any
 * other insert; the alphabet is explained there), given to the visitor in the Lead-Reference
 * response header and on the thank-you page, shown to staff on the lead and found by the inbox
 * search however it is typed. The unique index catches the rare repeat; the repository draws again.
 */
import { randomInt } from 'node:crypto'

/** The response header that carries the stored lead's reference (the body stays exactly `OK`). */
export const leadReferenceHeader = 'Lead-Reference'

/** The symbols a reference is drawn from: no 0, O, 1, I or L. */
const leadReferenceAlphabet = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A new reference, each symbol drawn uniformly (randomInt has no modulo bias). */
export function drawLeadReference(): string {
  let reference = ''
  for (let index = 0; index < 6; index++) {
    if (index === 3) reference += '-'
    reference += leadReferenceAlphabet[randomInt(leadReferenceAlphabet.length)]
  }
  return reference
}

const referenceShape = /^([2-9A-HJKMNP-Z]{3})([2-9A-HJKMNP-Z]{3})$/

/**
 * A reference as someone typed or read it ("k7m q9x", "K7MQ9X", " k7m-q9x ") in its stored form,
 * or undefined when the text cannot be one.
 */
export function parseLeadReference(text: string): string | undefined {
  const match = referenceShape.exec(text.toUpperCase().replace(/[\s-]/g, ''))
  return match ? `${match[1]}-${match[2]}` : undefined
}
