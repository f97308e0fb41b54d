/**
 * Who the applicants CSV writes a row for (server/admin/csv-export.ts applicantsOf): the visitor,
 * then every driver, operator and owner the form names, the visitor once even when they are also
 * the primary driver; and the state as its two-letter code (forms/states.ts stateCode).
 */
import { describe, expect, it } from 'vitest'
import { stateCode } from '#forms/states.ts'
import { type Applicant, applicantsOf, type CsvLead } from '#server/admin/csv-export.ts'

function lead(formKey: string, fields: Record<string, string>): CsvLead {
  return { formKey, fields } as CsvLead
}

const names = (people: Applicant[]) => people.map((p) => [p.number, p.role, p.first, p.last, p.birthDate])

describe('the applicants of a lead', () => {
  it('writes the visitor, then a second driver who is someone else', () => {
    const people = applicantsOf(
      lead('motorcycles-quote', {
        firstName: 'Ana',
        lastName: 'López',
        primaryDriverName: 'ana  LÓPEZ',
        dob1: '1990-01-02',
        driver2Name: 'Mateo López Ruiz',
        dob2: '1992-03-04',
      }),
    )
    expect(names(people)).toEqual([
      [1, 'Applicant, driver 1', 'Ana', 'López', '1990-01-02'],
      [2, 'Driver 2', 'Mateo López', 'Ruiz', '1992-03-04'],
    ])
  })

  it('keeps a primary driver who is not the visitor as a person of their own', () => {
    const people = applicantsOf(
      lead('classic-car-quote', {
        firstName: 'Ana',
        lastName: 'López',
        primaryDriverName: 'Jorge López',
        dob1: '1960-05-06',
      }),
    )
    expect(names(people)).toEqual([
      [1, 'Applicant', 'Ana', 'López', ''],
      [2, 'Driver 1', 'Jorge', 'López', '1960-05-06'],
    ])
  })

  it('writes all three owners of a business, the first as the applicant when no contact is named', () => {
    const people = applicantsOf(
      lead('workers-comp-quote', {
        businessName: 'Peach State Roofing',
        owner1Name: 'Rosa Diaz',
        owner2Name: 'Luis Díaz',
        owner3Name: 'Eva Díaz',
        birthdate3: '2000-07-08',
      }),
    )
    expect(names(people)).toEqual([
      [1, 'Applicant, owner 1', 'Rosa', 'Diaz', ''],
      [2, 'Owner 2', 'Luis', 'Díaz', ''],
      [3, 'Owner 3', 'Eva', 'Díaz', '2000-07-08'],
    ])
  })

  it('names a business that names nobody by its business name', () => {
    expect(names(applicantsOf(lead('bop-quote', { businessName: 'Blue Ridge Bakery' })))).toEqual([
      [1, 'Applicant', '', 'Blue Ridge Bakery', ''],
    ])
  })

  it('writes states as their two-letter codes and leaves anything else as typed', () => {
    expect(stateCode('Georgia')).toBe('GA')
    expect(stateCode(' new york ')).toBe('NY')
    expect(stateCode('ga')).toBe('GA')
    expect(stateCode('Puerto Rico')).toBe('Puerto Rico')
    expect(stateCode('')).toBe('')
  })
})
