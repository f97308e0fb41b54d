/**
 * The regular expressions behind PatternName: the only place they are written.
 *
 * The browser receives `patternSource(name)` in the input's `pattern` attribute. HTML anchors it
 * implicitly (`^(?:…)$`) and, in current browsers, compiles it with the `v` flag, so a source
 * must stay valid under `v` (no unescaped `( ) [ ] { } / - |` inside a class, no `&&`, `!!`…).
 * The server and the browser's own checks use `patternRegExp(name)`, compiled the same way, so
 * both sides accept exactly the same values.
 */
import { agency, formatPhone } from '#config/agency.ts'
import type { PatternName } from './engine.ts'

const sources: Record<PatternName, string> = {
  /**
   * A person's name as people write it (shared/DESIGN.md, "Names"; docs/decisions/022-names.md):
   * letters of any language with their combining marks, spaces, apostrophes (' and ’), hyphens and
   * periods, starting with a letter: O'Connor, García-López, D’Angelo, Ruiz Jr., St. John, Nguyễn.
   * A combining mark (\p{M}) belongs to the character before it, so José typed in decomposed form
   * (e + U+0301) passes, but a mark at the start is no letter. Digits, other symbols and invisible
   * format characters (zero-width joiners, the direction controls U+200E/F, U+202A–202E,
   * U+2066–2069, U+061C) match nothing here, so they are refused. Each step of the repeat takes a
   * letter with its marks, or one space or punctuation mark (never followed by a combining mark);
   * the two never start with the same character, so matching stays linear however long the value.
   */
  name: "\\s*\\p{L}\\p{M}*(?:\\p{L}\\p{M}*|[\\s'’.\\-])*",
  /** Digits only (years of experience). */
  digits: '[0-9]+',
  /**
   * An SSN or EIN as people write it: its 9 digits, with dashes or spaces anywhere (123-45-6789,
   * 12-3456789, 123 45 6789). The attribute only guides the browser; normalizeTaxNumber
   * (forms/field-rules.ts) decides, on both sides, and the 9 digits are what is sent and stored.
   */
  taxNumber: '[0-9 \\-]+',
  /**
   * A US phone number as people type it: digits, spaces, dashes, dots, parentheses and a leading +.
   * The attribute only guides the browser; normalizePhone (forms/field-rules.ts) decides, on both sides.
   */
  usPhone: '\\+?[0-9 \\(\\)\\.\\-]+',
}

const messages: Record<PatternName, string> = {
  name: "Use letters, spaces, apostrophes, hyphens and periods, starting with a letter (for example O'Connor, García-López, Ruiz Jr.).",
  digits: 'Use digits only.',
  taxNumber: 'Enter the 9 digits. Dashes and spaces are fine, for example 123-45-6789.',
  usPhone: 'Enter a 10-digit US phone number, for example {phone}.',
}

/** The value of the HTML `pattern` attribute (unanchored: HTML anchors it). */
export function patternSource(name: PatternName): string {
  return sources[name]
}

const compiled = new Map<PatternName, RegExp>()

/** The anchored regular expression, compiled with the `v` flag exactly as browsers do. */
export function patternRegExp(name: PatternName): RegExp {
  let regExp = compiled.get(name)
  if (!regExp) {
    regExp = new RegExp(`^(?:${sources[name]})$`, 'v')
    compiled.set(name, regExp)
  }
  return regExp
}

/** The English message for a value that does not match. */
export function patternMessage(name: PatternName): string {
  return withAgencyPhone(messages[name])
}

/** Fills in `{phone}`, the example in a phone field's hint and message, with the agency's own number. */
export function withAgencyPhone(text: string): string {
  return text.includes('{phone}') ? text.replace('{phone}', formatPhone(agency.phone)) : text
}

/** Digit fields get the numeric keypad on phones (docs/decisions/012-forms-on-a-phone.md). */
export function patternInputMode(name: PatternName | undefined): 'numeric' | undefined {
  return name === 'digits' || name === 'taxNumber' ? 'numeric' : undefined
}
