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
  /** Letters, including the accented Latin letters of Latin-1 (À–Ö, Ø–ö, ø–ÿ), and spaces. */
  name: '[A-Za-zÀ-ÖØ-öø-ÿ\\s]+',
  /** Digits only (phones, SSNs, EINs, years of experience). */
  digits: '[0-9]+',
  /**
   * A US phone number as people type it: digits, spaces, dashes, dots, parentheses and a leading +.
   * The attribute only guides the browser; normalizePhone (forms/field-rules.ts) decides, on both sides.
   */
  usPhone: '\\+?[0-9 \\(\\)\\.\\-]+',
}

const messages: Record<PatternName, string> = {
  name: 'Use letters and spaces only.',
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
