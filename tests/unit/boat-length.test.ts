import { describe, expect, it } from 'vitest'
import { formMessages } from '#content/form-messages.ts'
import { allFields } from '#forms/engine.ts'
import { validateField } from '#forms/field-rules.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { validateSubmission } from '#forms/schema.ts'

const boat = getFormDefinition('boat-quote')
const today = new Date('2026-06-01T12:00:00Z')

/** The server's message for one field of a boat submission (undefined: accepted). */
function serverSays(name: string, value: string): string | undefined {
  if (!boat) throw new Error('no boat-quote definition')
  const result = validateSubmission(boat, { [name]: value }, today)
  return result.ok ? undefined : result.fields[name]
}

describe("a boat's length", () => {
  it('is accepted by the server with one decimal (18.5 feet)', () => {
    expect(serverSays('length1', '18.5')).toBeUndefined()
    expect(serverSays('length2', '23.0')).toBeUndefined()
    expect(serverSays('length1', '18')).toBeUndefined()
  })

  it('is still refused with two decimals, out of range, or not a number', () => {
    expect(serverSays('length1', '18.55')).toMatch(/one decimal/)
    expect(serverSays('length1', '0.5')).toMatch(/from 1 to 500/)
    expect(serverSays('length1', '18,5')).toMatch(/one decimal/)
  })

  it('is checked the same way in the browser, in Spanish too', () => {
    const field = boat && allFields(boat).find((candidate) => candidate.name === 'length1')
    if (!field) throw new Error('no length1')
    expect(validateField(field, '18.5', today, formMessages.es)).toBeUndefined()
    expect(validateField(field, '18.55', today, formMessages.es)).toMatch(/un decimal/)
  })

  it('leaves whole-number fields whole (market value)', () => {
    expect(serverSays('marketValue1', '1500.5')).toMatch(/whole number/)
  })
})
