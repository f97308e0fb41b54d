/**
 * Field constructors: the shortest way to write one field of the engine's vocabulary.
 * Every constructor takes the submitted name, the English label and an options object whose
 * `required` flag is mandatory, so a definition never leaves it implicit.
 */
import type {
  CheckboxField,
  ChoiceField,
  DateField,
  Field,
  NumberField,
  Option,
  TextField,
} from './engine.ts'

interface Common {
  required: boolean
  hint?: string
  note?: string
  autoComplete?: string
  sensitive?: boolean
}

type TextOptions = Common & Pick<TextField, 'pattern' | 'maxLength' | 'minWords' | 'honeypot'>

export function text(name: string, label: string, opts: TextOptions): TextField {
  return { kind: 'text', name, label, ...opts }
}

export function textarea(name: string, label: string, opts: TextOptions): TextField {
  return { kind: 'textarea', name, label, ...opts }
}

export function emailInput(name: string, label: string, opts: TextOptions): TextField {
  return { kind: 'email', name, label, ...opts }
}

export function telInput(name: string, label: string, opts: TextOptions): TextField {
  return { kind: 'tel', name, label, ...opts }
}

export function numberInput(
  name: string,
  label: string,
  opts: Common & Pick<NumberField, 'min' | 'max' | 'decimals'>,
): NumberField {
  return { kind: 'number', name, label, ...opts }
}

export function dateInput(
  name: string,
  label: string,
  opts: Common & Pick<DateField, 'min' | 'max'>,
): DateField {
  return { kind: 'date', name, label, ...opts }
}

type ChoiceOptions = Common & Pick<ChoiceField, 'defaultValue' | 'groups'>

/** A constructor of one kind of choice field; `choices` are option values (label = value) or full options. */
function choiceOf(kind: ChoiceField['kind']) {
  return (
    name: string,
    label: string,
    choices: readonly Option[] | readonly string[],
    opts: ChoiceOptions,
  ): ChoiceField => ({ kind, name, label, options: toOptions(choices), ...opts })
}

/** A dropdown. */
export const select = choiceOf('select')

/** A radio group. */
export const radio = choiceOf('radio')

export function checkbox(name: string, label: string, opts: Common): CheckboxField {
  return { kind: 'checkbox', name, label, ...opts }
}

function toOptions(choices: readonly Option[] | readonly string[]): readonly Option[] {
  const result: Option[] = []
  for (const choice of choices)
    result.push(typeof choice === 'string' ? { value: choice, label: choice } : choice)
  return result
}

function isGroup(part: Field | readonly Field[]): part is readonly Field[] {
  return Array.isArray(part)
}

/** Flattens fields and groups of fields into one list (a section's fields). */
export function fields(...parts: (Field | readonly Field[])[]): Field[] {
  return parts.flatMap((part) => (isGroup(part) ? [...part] : [part]))
}

/** The same fields with a note attached (why a choice the forms' contract leaves open was made). */
export function noted(note: string, ...parts: (Field | readonly Field[])[]): Field[] {
  return fields(...parts).map((field) => ({ ...field, note }))
}
