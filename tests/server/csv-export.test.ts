/**
 * The CSV export as an office manager opens it (server/admin/csv-export.ts, docs/api.md "CSV
 * export"): read back with a CSV parser, one row per lead with the desk's columns and local times,
 * the visitor's name and address in the same columns whatever the form, SSNs masked, formulas
 * neutralised; and the applicant-import layout. On both databases.
 */
import { parse } from 'csv-parse/sync'
import { beforeAll, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { createWorkLog } from '#server/leads/work-log.ts'
import { encryptValue } from '#server/security/sensitive-fields.ts'
import { forceLeadState, storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { deskColumns } from './helpers/csv-columns.ts'
import { boatAdVisit } from './helpers/form-payloads.ts'
import { injectGet } from './helpers/requests.ts'
import { signInThroughPage } from './helpers/staff-session.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers, testEncryptionKey } from './helpers/test-database.ts'

const staffEmail = 'csv@oakridge-insurance.example'
const staffPassword = 'a long staff password for the csv'

describe.each(drivers)('the CSV export on %s', (driver) => {
  const t = useTestApp(driver, { now: () => new Date('2026-11-25T18:00:00Z') })
  let cookie: string
  let staffId: string

  beforeAll(async () => {
    staffId = (await makeStaff(t.db, staffEmail, { password: staffPassword, displayName: 'Casey Fields' })).id
    cookie = await signInThroughPage(t.app, staffEmail, staffPassword)

    // Received at 03:30 UTC on Nov 25: 10:30 pm on the 24th at the agency (America/New_York).
    const contact = (
      await storeLead(t.db, {
        form: 'contact-message',
        reference: 'CSV-AAA',
        receivedAt: new Date('2026-11-25T03:30:00Z'),
        language: 'es',
        fields: {
          firstName: 'María',
          lastName: 'Núñez',
          email: 'maria@example.com',
          phone: '7705550100',
          state: 'GA',
          msg: 'Line one,\nline "two"',
        },
        source: boatAdVisit,
      })
    ).id
    await forceLeadState(t.db, contact, {
      assignedTo: staffId,
      status: 'contacted',
      firstContactAt: new Date('2026-11-25T14:05:00Z'),
    })
    const workLog = createWorkLog(t.db, agency.timeZone)
    for (const [note, at] of [
      ['Left a voicemail', '2026-11-25T14:05:00Z'],
      ['=HYPERLINK("http://evil.example") call back Tuesday', '2026-11-25T15:00:00Z'],
    ] as const) {
      const actor = { userId: staffId, email: staffEmail }
      expect(await workLog.record({ leadId: contact, actor, at: new Date(at), note })).toBe('ok')
    }
    await storeLead(t.db, {
      form: 'boat-quote',
      reference: 'CSV-BBB',
      receivedAt: new Date('2026-11-20T15:00:00Z'),
      fields: {
        firstName: 'Sam',
        lastName: 'Boater',
        email: 'sam@example.com',
        phone: '4045550111',
        address1: '12 Lake Rd',
        city: 'Bethlehem',
        state: 'GA',
        zipCode: '30620',
        primaryOperatorName: 'Sam Boater',
        dob1: '1980-04-09',
      },
    })
    await storeLead(t.db, {
      form: 'workers-comp-quote',
      reference: 'CSV-CCC',
      receivedAt: new Date('2026-11-19T15:00:00Z'),
      fields: {
        businessName: 'Peach State Roofing',
        owner1Name: 'Rosa Diaz',
        birthdate1: '1975-02-03',
        ssn1: encryptValue('123456789', testEncryptionKey),
        owner2Name: 'Luis Díaz',
        birthdate2: '1978-06-07',
        ssn2: encryptValue('987654321', testEncryptionKey),
        contactName: 'Rosa Diaz',
        email: 'r@p.example',
        state: 'Georgia',
      },
    })
  })

  async function exportCsv(query = ''): Promise<string[][]> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/admin/export.csv${query}`,
      headers: { cookie },
    })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.body).not.toContain('123456789')
    expect(response.body).not.toContain('987654321')
    return parse(response.body, { bom: true, relaxColumnCount: false })
  }

  function byReference(rows: string[][]) {
    const [header = [], ...leads] = rows
    return (reference: string) => {
      const row = leads.find((cells) => cells[header.indexOf('Reference')] === reference)
      expect(row).toBeDefined()
      return Object.fromEntries(header.map((name, index) => [name, row?.[index] ?? '']))
    }
  }

  it('has the desk columns first, local times, names for codes, the last note and the source', async () => {
    const rows = await exportCsv('?headers=labels')
    expect(rows[0]?.slice(0, deskColumns.length)).toEqual(deskColumns)
    expect(rows).toHaveLength(4)
    const contact = byReference(rows)('CSV-AAA')
    expect(contact).toMatchObject({
      Received: '2026-11-24 22:30',
      'Received (ISO 8601)': '2026-11-24T22:30:00-05:00',
      Form: 'Contact message',
      Line: 'Contact & service',
      Language: 'Spanish',
      Status: 'Contacted',
      Spam: 'No',
      'Assigned to': 'Casey Fields',
      'Assigned to (e-mail)': staffEmail,
      'First contact': '2026-11-25 09:05',
      'Last note': `'=HYPERLINK("http://evil.example") call back Tuesday`,
      'Landing page': '/insurance/vehicle/boat',
      Referrer: 'www.google.com',
      'UTM source': 'google',
      'UTM medium': 'cpc',
      'UTM campaign': 'boats',
      'Ad click': 'Google Ads (gclid)',
      Name: 'María Núñez',
      'E-mail': 'maria@example.com',
      State: 'GA',
      Message: 'Line one,\nline "two"',
    })
  })

  it('puts every form’s visitor in the same columns, the form’s other fields after, SSNs masked', async () => {
    const rows = await exportCsv('?headers=labels')
    const header = rows[0] ?? []
    expect(new Set(header).size).toBe(header.length)
    // Name and address once, not again among the form's fields.
    expect(header.filter((name) => /^(First name|Last name|ZIP code|City)$/.test(name))).toEqual([
      'City',
      'ZIP code',
    ])
    const lead = byReference(rows)
    expect(lead('CSV-BBB')).toMatchObject({
      Name: 'Sam Boater',
      'Address line 1': '12 Lake Rd',
      City: 'Bethlehem',
      'ZIP code': '30620',
      Line: 'Vehicle',
    })
    expect(lead('CSV-CCC')).toMatchObject({
      Name: 'Rosa Diaz',
      'E-mail': 'r@p.example',
      'Owner 1: Social Security number': '•••••6789',
    })
    // Contact form fields come before the boat form's, the boat's before workers' comp's (registry order).
    expect(header.indexOf('Message')).toBeLessThan(header.indexOf('Business name'))
  })

  it('keeps the same columns whatever the filter, the lead id first', async () => {
    const all = await exportCsv()
    const oneForm = await exportCsv('?form=contact-message')
    const none = await exportCsv('?q=nobody-at-all')
    expect(oneForm[0]).toEqual(all[0])
    expect(none).toEqual([all[0]])
    // Every form's fields, even those of forms no exported lead used.
    expect(all[0]).toContain('business_name')
    const [contact] = await t.db.query<{ id: string }>(`SELECT id FROM leads WHERE reference = 'CSV-AAA'`)
    expect(oneForm.slice(1).map((cells) => cells[0])).toEqual([contact?.id])
    const applicants = await exportCsv('?layout=applicants&form=boat-quote')
    expect(applicants[0]).toEqual((await exportCsv('?layout=applicants'))[0])
    expect(applicants[0]?.[0]).toBe('lead_id')
  })

  it('names columns by stable snake_case keys, with ISO times and their offset beside the local ones', async () => {
    const rows = await exportCsv()
    const header = rows[0] ?? []
    expect(header.slice(0, 6)).toEqual([
      'lead_id',
      'reference',
      'received_local',
      'received_at',
      'form',
      'form_key',
    ])
    expect(header).toEqual(
      expect.arrayContaining(['first_contact_at', 'follow_up_at', 'email', 'zip_code', 'business_name']),
    )
    expect(header.every((key) => /^[a-z][a-z0-9_]*$/.test(key))).toBe(true)
    expect(new Set(header).size).toBe(header.length)
    const contact = rows.find((cells) => cells[1] === 'CSV-AAA') ?? []
    const cell = (key: string) => contact[header.indexOf(key)]
    expect(cell('received_local')).toBe('2026-11-24 22:30')
    expect(cell('received_at')).toBe('2026-11-24T22:30:00-05:00')
    // 14:05 UTC in November is 09:05 in Georgia; the offset follows daylight time.
    expect(cell('first_contact_at')).toBe('2026-11-25T09:05:00-05:00')
    expect(cell('form_key')).toBe('contact-message')
    expect(cell('msg')).toBe('Line one,\nline "two"')
    const applicants = await exportCsv('?layout=applicants')
    expect(applicants[0]?.slice(0, 3)).toEqual(['lead_id', 'first_name', 'last_name'])
    const bad = await injectGet(t.app, '/admin/export.csv?headers=xml', cookie)
    expect(bad.statusCode).toBe(400)
  })

  it('gives agency systems an applicant import layout, one row per person, states as codes', async () => {
    const rows = await exportCsv('?layout=applicants&headers=labels')
    expect(rows[0]).toEqual([
      'Lead ID',
      'First Name',
      'Last Name',
      'Date of Birth',
      'Address Line 1',
      'Address Line 2',
      'City',
      'State',
      'ZIP Code',
      'Phone',
      'Email',
      'Line of Insurance',
      'Reference',
      'Received',
      'Received (ISO 8601)',
      'Person',
      'Role',
      'Type of Insurance',
    ])
    const [contact] = await t.db.query<{ id: string }>(`SELECT id FROM leads WHERE reference = 'CSV-CCC'`)
    // The lead id first; the workers' comp lead has a row for each of its two owners, the same id on both.
    expect(rows.slice(1).map((cells) => cells[0])).toHaveLength(4)
    expect(rows.slice(3).map((cells) => cells[0])).toEqual([contact?.id, contact?.id])
    expect(rows.slice(1).map((cells) => cells.slice(1))).toEqual([
      [
        'María',
        'Núñez',
        '',
        '',
        '',
        '',
        'GA',
        '',
        '7705550100',
        'maria@example.com',
        'Contact & service',
        'CSV-AAA',
        '2026-11-24 22:30',
        '2026-11-24T22:30:00-05:00',
        '1',
        'Applicant',
        'Contact message',
      ],
      [
        'Sam',
        'Boater',
        '04/09/1980',
        '12 Lake Rd',
        '',
        'Bethlehem',
        'GA',
        '30620',
        '4045550111',
        'sam@example.com',
        'Vehicle',
        'CSV-BBB',
        '2026-11-20 10:00',
        '2026-11-20T10:00:00-05:00',
        '1',
        'Applicant, operator 1',
        'Boat Insurance',
      ],
      [
        'Rosa',
        'Diaz',
        '02/03/1975',
        '',
        '',
        '',
        'GA',
        '',
        '',
        'r@p.example',
        'Business',
        'CSV-CCC',
        '2026-11-19 10:00',
        '2026-11-19T10:00:00-05:00',
        '1',
        'Applicant, owner 1',
        'Workers Comp Insurance',
      ],
      [
        'Luis',
        'Díaz',
        '06/07/1978',
        '',
        '',
        '',
        'GA',
        '',
        '',
        'r@p.example',
        'Business',
        'CSV-CCC',
        '2026-11-19 10:00',
        '2026-11-19T10:00:00-05:00',
        '2',
        'Owner 2',
        'Workers Comp Insurance',
      ],
    ])
  })

  it('counts leads by source per week under the inbox chart', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })
    expect(response.statusCode).toBe(200)
    const table = /<table class="source-table">([\s\S]*?)<\/table>/.exec(response.body)?.[1] ?? ''
    const rows = [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...(row[1] ?? '').matchAll(/<t[hd][^>]*>([\s\S]*?)<\/t[hd]>/g)].map((cell) => cell[1]),
    )
    expect(rows[0]).toEqual([
      'Source',
      'Week of Nov 2',
      'Week of Nov 9',
      'Week of Nov 16',
      'Week of Nov 23',
      '12 weeks',
    ])
    // Two leads sent without a source (the boat and workers' comp leads, week of Nov 16), one from the campaign.
    expect(rows.slice(1)).toEqual([
      ['unknown', '0', '0', '2', '0', '2'],
      ['google / cpc', '0', '0', '0', '1', '1'],
    ])
  })

  it('links the inbox to the import CSV and the applicants CSV, with the inbox’s filters', async () => {
    const response = await injectGet(t.app, '/admin?status=contacted', cookie)
    expect(response.statusCode).toBe(200)
    const links = Object.fromEntries(
      [...response.body.matchAll(/<a [^>]*href="(\/admin\/export\.csv[^"]*)"[^>]*>([^<]+)<\/a>/g)].map(
        (link) => [link[2], (link[1] ?? '').replaceAll('&amp;', '&')],
      ),
    )
    expect(links).toEqual({
      'Export these leads as CSV': '/admin/export.csv?status=contacted&headers=labels',
      'CSV for imports': '/admin/export.csv?status=contacted',
      'Applicants CSV': '/admin/export.csv?status=contacted&layout=applicants',
    })
    const applicants = await exportCsv(links['Applicants CSV']?.replace('/admin/export.csv', ''))
    expect(applicants.slice(1).map((cells) => cells[1])).toEqual(['María'])
  })

  it('refuses a layout it does not know', async () => {
    const response = await injectGet(t.app, '/admin/export.csv?layout=xml', cookie)
    expect(response.statusCode).toBe(400)
  })

  // Last: it adds 600 leads, which the counts above do not expect.
  it('exports every lead when more than a batch of them arrived within one millisecond', async () => {
    // 600 leads at one instant, as one group commit stores a batch of them: the export reads 500 at a
    // time and goes on after the last one read, by its time (to the microsecond) and its id.
    const same = await Promise.all(
      Array.from({ length: 600 }, (_, i) => storeLead(t.db, { fields: { firstName: `Same ${i}` } })),
    )
    await forceLeadState(
      t.db,
      same.map((lead) => lead.id),
      { receivedAt: new Date('2026-10-01T15:00:00Z') },
    )
    const [, ...leads] = await exportCsv('?from=2026-10-01&to=2026-10-01')
    expect(leads).toHaveLength(600)
    expect(new Set(leads.map((cells) => cells[0])).size).toBe(600)
  })
})
