/**
 * The form engine's vocabulary. A form is data: sections of fields, composed from shared field
 * groups (forms/groups.ts). From one definition come the browser form (app/components/lead-form),
 * the server's schema (forms/schema.ts), the stored record, the agency's e-mail and the staff view.
 *
 * This folder imports nothing from app/ or server/: both sides import it.
 */

/** Date limits relative to the visitor's (browser) or the server's today. */
export type DateLimit = { kind: 'today' } | { kind: 'yearsAgo'; years: number }

/** Named input patterns: the one place their regular expressions are written. */
export type PatternName = 'name' | 'digits' | 'usPhone' | 'taxNumber'

export interface Option {
  /** What is submitted and stored, in English whatever the page's language (docs/contracts.md, "Forms"). */
  value: string
  /** What the visitor reads (English; other languages translate it by value). */
  label: string
}

interface FieldBase {
  /** The submitted field name, fixed by the forms' contract (docs/contracts.md, "Forms"). */
  name: string
  /** English label; the agency's e-mail and the staff inbox use it too. */
  label: string
  required: boolean
  /** A short hint shown under the control. */
  hint?: string
  /** SSN, EIN: never in an e-mail or a log, stored encrypted, masked for staff. */
  sensitive?: boolean
  /** The HTML autocomplete token, for phones that fill forms. */
  autoComplete?: string
  /** Why this field is shaped this way where the forms' contract is silent (kept for the next engineer). */
  note?: string
}

export interface TextField extends FieldBase {
  kind: 'text' | 'email' | 'tel' | 'textarea'
  pattern?: PatternName
  /** Upper bound on length; defaults per kind in forms/schema.ts. */
  maxLength?: number
  /** Minimum number of words (asked for by a label, e.g. general liability's work description). */
  minWords?: number
  /**
   * The decoy field `company`: the renderer keeps it off-screen, out of the tab order and without
   * autocomplete; the schema accepts any short string and the server treats a filled one as spam.
   */
  honeypot?: boolean
}

export interface NumberField extends FieldBase {
  kind: 'number'
  min: number
  max: number
  /** Decimal places allowed (a boat's length in feet: 18.5); none when absent. */
  decimals?: 1
}

export interface DateField extends FieldBase {
  kind: 'date'
  /** Earliest allowed date (policy start, event date: today). */
  min?: DateLimit
  /** Latest allowed date (dates of birth: today minus 16 years). */
  max?: DateLimit
}

export interface ChoiceField extends FieldBase {
  kind: 'select' | 'radio'
  options: readonly Option[]
  /** Pre-selected value (the form's fixed default); otherwise a select starts on 'Please select one...'. */
  defaultValue?: string
  /**
   * A select's options shown under headings (`<optgroup>`), each group naming its option values;
   * only the display changes: the options, their values and the server's check stay the same.
   */
  groups?: readonly OptionGroup[]
}

export interface OptionGroup {
  /** The heading, in English (the visitor's words come from content/form-ui.ts optionGroupLabel). */
  label: string
  values: readonly string[]
}

/** A single checkbox submitting the value 'true' when ticked (a form's flags: docs/contracts.md, "Forms"). */
export interface CheckboxField extends FieldBase {
  kind: 'checkbox'
}

export type Field = TextField | NumberField | DateField | ChoiceField | CheckboxField

export interface FormSection {
  /** The fieldset's legend. */
  legend: string
  /** A short text under the legend (e.g. renters' "select any additional feature"). */
  hint?: string
  fields: Field[]
  /**
   * An optional part a visitor asks for (a second boat, owners 2 and 3): closed behind the `add`
   * control until asked for, and closed again (its fields cleared) by the `remove` control. Its
   * fields keep their names and are submitted empty while closed.
   */
  closed?: { add: string; remove: string }
}

/**
 * The lines of insurance the desk counts leads by: the site's sections (vehicle, property, life,
 * business, specialty) plus the forms that are not a quote for one line (contact and service).
 */
export const insuranceLines = ['vehicle', 'property', 'life', 'business', 'specialty', 'service'] as const
export type InsuranceLine = (typeof insuranceLines)[number]

/** A select field whose answer names the lead's line of insurance, and each answer's line. */
interface LineByAnswer {
  field: string
  lines: Readonly<Record<string, InsuranceLine>>
}

/** The line of a lead of this form with these answers: the chosen one where the form asks, else the form's. */
export function leadLine(form: FormDefinition, answer: string | null | undefined): InsuranceLine {
  return (answer != null && form.lineByAnswer?.lines[answer]) || form.line
}

/**
 * Families of forms for the submission rate limit: a visitor's quota in one family does not use up
 * another's (docs/contracts.md, "Rate limits").
 */
type FormFamily = 'contact' | 'quote' | 'service' | 'community'

/** What a definition says about its form besides its fields (forms/define-form.ts defineForm). */
export interface FormFacts {
  /** English paths of the pages that carry the form, its own page first (each one a route of app/site/route-table.ts). */
  pages: readonly [string, ...string[]]
  line: InsuranceLine
  /** A form for any line (the general quote request): its line is the one the visitor chose here. */
  lineByAnswer?: LineByAnswer
  /** Defaults to 'quote'. */
  family?: FormFamily
  /** The ATV form's GET QUOTE button is not disabled by validity (forms/definitions/atv-quote.ts sets it). */
  submitAlwaysEnabled?: boolean
}

/** The fields that name and reach the visitor, in the order they are read (forms/visitor-name.ts). */
export interface VisitorFields {
  name: readonly string[]
  email: readonly string[]
  phone: readonly string[]
}

/**
 * Everything about one form, in one place: the desk, the server, the e-mail and the tests read
 * these facts here and nowhere else. Made by defineForm (forms/define-form.ts), which derives the
 * field lists (visitor, sensitive, honeypot) from the sections.
 */
export interface FormDefinition<Key extends string = string> {
  /** The URL key: POST /api/forms/<key>; also the definition's file name (forms/definitions/<key>.ts). */
  key: Key
  /** What the agency reads in the e-mail subject and inbox, e.g. 'Boat quote'. */
  title: string
  sections: FormSection[]
  submitLabel: string
  /** English paths of the pages that carry the form, its own page first. */
  pages: readonly [string, ...string[]]
  /** The desk's line of insurance (inbox chart). */
  line: InsuranceLine
  /** Where the visitor's answer decides the line instead (the general quote request's "Type of insurance"). */
  lineByAnswer?: LineByAnswer
  /** The rate limit's family. */
  family: FormFamily
  /** Which fields name and reach the visitor (e-mail subject, inbox name and search). */
  visitor: VisitorFields
  /** SSN, EIN: never in an e-mail or a log, stored encrypted, masked for staff. */
  sensitiveFields: readonly string[]
  /** The decoy fields (`company`): a filled one makes the submission spam. */
  honeypotFields: readonly string[]
  /** The ATV form's GET QUOTE button is not disabled by validity (forms/definitions/atv-quote.ts sets it). */
  submitAlwaysEnabled?: boolean
}

/** Forms with more fields than this show their sections as numbered steps with an overview. */
export const longFormFieldCount = 20

export function allFields(form: FormDefinition): Field[] {
  return form.sections.flatMap((section) => section.fields)
}
