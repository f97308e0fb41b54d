/**
 * The regular expressions behind PatternName: the only place they are written.
 *
 * The browser receives `patternSource(name)` in the input's `pattern` attribute. HTML anchors it
 * implicitly (`^(?:…)$`) and, in current browsers, compiles it with the `v` flag, so a source
 * must stay valid under `v` (no unescaped `( ) [ ] { } / - |` inside a class, no `&&`, `!!`…).
 * The server and the browser's own checks use `patternRegExp(name)`, compiled the same way, so
 * both sides accept exactly the same values.
 */
import type { PatternName } from './engine.ts'

const sources: Record<PatternName, string> = {
  /**
   * Letters of any language and spaces: "letters and whitespace only"
   * (docs/decisions/022-names-within-the-spec.md): Nguyễn, Łukasz, Ōta, Ελένη, Юлия. A combining
   * mark (\p{M}) is part of the letter before it, so a name typed in decomposed form (José as
   * e + U+0301) passes, but a mark on its own, at the start or after a space, is no letter.
   * \p{L}, \p{M} and \s never overlap, so matching stays linear however long the value.
   * Apostrophes, hyphens and dots stay out: the rule allows letters and spaces only.
   */
  name: '\\s*(?:\\p{L}\\p{M}*\\s*)+',
  /** Digits only (phones, SSNs, EINs, years of experience). */
  digits: '[0-9]+',
  /**
   * A US phone number as people type it: digits, spaces, dashes, dots, parentheses and a leading +.
   * The attribute only guides the browser; normalizePhone (forms/field-rules.ts) decides, on both sides.
   */
  usPhone: '\\+?[0-9 \\(\\)\\.\\-]+',
}

const messages: Record<PatternName, string> = {
  name: "Use letters and spaces only. For names like O'Connor or García-López, type a space instead: O Connor, García López.",
  digits: 'Use digits only.',
  usPhone: 'Enter a 10-digit US phone number, for example (770) 555-0142.',
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
  return messages[name]
}

/** Digits-only fields get the numeric keypad on phones (docs/decisions/012-forms-on-a-phone.md). */
export function patternInputMode(name: PatternName | undefined): 'numeric' | undefined {
  return name === 'digits' ? 'numeric' : undefined
}
