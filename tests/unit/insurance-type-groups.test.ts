import { describe, expect, it } from 'vitest'
import { formUiCopy } from '#content/form-ui.ts'
import { allFields } from '#forms/engine.ts'
import { insuranceTypeOptions } from '#forms/groups.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { validateSubmission } from '#forms/schema.ts'

const form = getFormDefinition('quote-request')
const field = form && allFields(form).find((candidate) => candidate.name === 'consultationType')

describe('the "Type of insurance" list, grouped by line', () => {
  it('puts each of the 32 answers in exactly one group, under six headings', () => {
    if (field?.kind !== 'select') throw new Error('no consultationType select')
    const grouped = (field.groups ?? []).flatMap((group) => group.values)
    expect(grouped.slice().sort()).toEqual(insuranceTypeOptions.slice().sort())
    expect(new Set(grouped).size).toBe(32)
    expect(field.groups?.map((group) => group.label)).toEqual([
      'Vehicles',
      'Home and property',
      'Life and health',
      'Business',
      'Specialty',
      'Other',
    ])
    expect(field.groups?.find((group) => group.label === 'Vehicles')?.values).toContain('Boat Insurance')
  })

  it('keeps the options and what the server accepts exactly as before', () => {
    if (!form || field?.kind !== 'select') throw new Error('no consultationType select')
    expect(field.options.map((option) => option.value)).toEqual(insuranceTypeOptions)
    const today = new Date('2026-06-01T12:00:00Z')
    const says = (value: string) => {
      const result = validateSubmission(form, { consultationType: value }, today)
      return result.ok ? undefined : result.fields.consultationType
    }
    expect(says('Workers Comp Insurance')).toBeUndefined()
    expect(says('Vehicles')).toBeDefined()
  })

  it('has Spanish headings', () => {
    expect(formUiCopy.es.optionGroupLabel('Home and property')).toBe('Hogar y propiedad')
    expect(formUiCopy.es.optionGroupLabel('Other')).toBe('Otros')
  })
})
