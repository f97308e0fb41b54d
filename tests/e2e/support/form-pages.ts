import { allFields, type FormDefinition, longFormFieldCount } from '#forms/engine.ts'
import { type FormKey, formDefinitions } from '#forms/registry.ts'

/** Where each form lives: its own page, the first of its definition's pages. */
export const formPages: [FormKey, string][] = formDefinitions.map((form) => [form.key, form.pages[0]])

/**
 * What a browser test of a form exercises: each kind of field (a sensitive one apart), a repeat
 * opened on demand, a submit button never greyed, a form of more than 20 fields.
 */
function traits(form: FormDefinition): Set<string> {
  const fields = allFields(form)
  const traits = new Set(fields.map((field) => `${field.kind}${field.sensitive ? ' sensitive' : ''}`))
  if (form.sections.some((section) => section.closed)) traits.add('repeat')
  if (form.submitAlwaysEnabled) traits.add('always enabled')
  if (fields.length > longFormFieldCount) traits.add('long')
  return traits
}

/**
 * The fewest forms (chosen greedily, the shorter first on a tie) that together show every trait
 * above, with their pages: the browser fills these (tests/e2e/forms.spec.ts, no-js.spec.ts), while
 * the server tests post every form in both encodings (tests/server/form-api.test.ts,
 * no-js-forms.test.ts). A form with a new kind of field joins the list by itself.
 */
export const formsOfEveryKind: [FormKey, string][] = (() => {
  const missing = new Set(formDefinitions.flatMap((form) => [...traits(form)]))
  const chosen: [FormKey, string][] = []
  while (missing.size > 0) {
    const gain = (form: FormDefinition) => [...traits(form)].filter((trait) => missing.has(trait)).length
    const [best] = [...formDefinitions].sort(
      (a, b) => gain(b) - gain(a) || allFields(a).length - allFields(b).length,
    )
    if (!best) break
    for (const trait of traits(best)) missing.delete(trait)
    chosen.push([best.key, best.pages[0]])
  }
  return chosen
})()
