/**
 * The sync (docs/api.md, "Sync") as a CRM runs it with an API token: every lead changed since a
 * time, in the order they changed, page by page with a cursor, then again from the saved cursor to
 * get only what changed meanwhile (a status, a note, a contact, spam); summaries carry the line, the
 * source and the fields a CRM maps; anything the API does not understand is refused naming it.
 */
import { describe, expect, it } from 'vitest'
import { encryptValue } from '#server/security/sensitive-fields.ts'
import { makeApiToken } from '#tests/kit/api-tokens.ts'
import { type StoredLeadOptions, storeLead } from '#tests/kit/leads.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers, testEncryptionKey } from './helpers/test-database.ts'

interface Summary {
  id: string
  status: string
  spam: boolean
  updatedAt: string
  line: string | null
  source: Record<string, string> | null
  fields: Record<string, string>
}
interface Page {
  leads: Summary[]
  total: number
  pageSize: number
  hasMore: boolean
  nextCursor: string | null
}

describe.each(drivers)('the sync on %s', (driver) => {
  const t = useTestApp(driver, {}, { truncate: 'leads, delivery_jobs, api_tokens, lead_events' })

  const tokenFor = async () => ({
    authorization: (await makeApiToken(t.db, { scopes: ['leads:read', 'leads:write'] })).authorization,
  })

  /** A lead of the form with every field filled, as a visitor sends it. */
  async function store(form: string, extra: StoredLeadOptions = {}): Promise<string> {
    return (await storeLead(t.db, { form, fields: validPayload(registeredForm(form), new Date()), ...extra }))
      .id
  }

  function get(url: string, headers: Record<string, string>) {
    return t.app.inject({ method: 'GET', url, headers })
  }
  function send(method: 'PATCH' | 'POST', url: string, headers: Record<string, string>, body: unknown) {
    return t.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    })
  }

  it('pages through the changes with a cursor, then gets only what changed since', async () => {
    const auth = await tokenFor()
    const boat = await store('boat-quote', {
      source: { utmSource: 'google', landing: '/insurance/vehicle/boat' },
    })
    const comp = await store('workers-comp-quote', {
      fields: {
        ...validPayload(registeredForm('workers-comp-quote'), new Date()),
        ssn1: encryptValue('123456789', testEncryptionKey),
      },
    })
    const contact = await store('contact-message')
    const since = '2000-01-01T00:00:00Z'

    const first = await get(`/api/admin/leads?updatedSince=${since}&pageSize=2`, auth)
    expect(first.statusCode, first.body).toBe(200)
    const one: Page = first.json()
    expect(one.leads.map((lead) => lead.id)).toEqual([boat, comp])
    expect(one).toMatchObject({ total: 3, pageSize: 2, hasMore: true })
    // What a CRM maps, without reading each lead again: the line, the source, the answers (no SSN).
    expect(one.leads[0]).toMatchObject({
      line: 'vehicle',
      source: { utmSource: 'google', landing: '/insurance/vehicle/boat' },
      fields: expect.objectContaining({ email: expect.any(String) }),
    })
    expect(one.leads[1]?.line).toBe('business')
    expect(Object.keys(one.leads[1]?.fields ?? {})).not.toContain('ssn1')
    expect(JSON.stringify(one)).not.toContain('123456789')

    const second: Page = (await get(`/api/admin/leads?pageSize=2&cursor=${one.nextCursor}`, auth)).json()
    expect(second.leads.map((lead) => lead.id)).toEqual([contact])
    expect(second).toMatchObject({ total: 1, hasMore: false })
    const saved = second.nextCursor

    // Nothing changed: the saved cursor gives nothing, and keeps its place.
    const idle: Page = (await get(`/api/admin/leads?cursor=${saved}`, auth)).json()
    expect(idle).toMatchObject({ leads: [], total: 0, hasMore: false, nextCursor: saved })

    // Staff (here the CRM's own token) work two leads; a third is marked spam.
    expect((await send('PATCH', `/api/admin/leads/${boat}`, auth, { status: 'quoted' })).statusCode).toBe(200)
    expect(
      (await send('POST', `/api/admin/leads/${contact}/notes`, auth, { note: 'Called back.' })).statusCode,
    ).toBe(200)
    expect((await send('PATCH', `/api/admin/leads/${comp}`, auth, { spam: true })).statusCode).toBe(200)
    const changed: Page = (await get(`/api/admin/leads?cursor=${saved}`, auth)).json()
    expect(changed.leads.map((lead) => lead.id)).toEqual([boat, contact, comp])
    expect(changed.leads[0]?.status).toBe('quoted')
    expect(changed.leads[2]?.spam).toBe(true)
    // Each lead's updatedAt, to the microsecond, is a position too: from the note on, two leads.
    const fromNote: Page = (
      await get(
        `/api/admin/leads?updatedSince=${encodeURIComponent(changed.leads[1]?.updatedAt ?? '')}`,
        auth,
      )
    ).json()
    expect(fromNote.leads.map((lead) => lead.id)).toEqual([contact, comp])
    // The inbox's filters still apply to a sync.
    const boats: Page = (await get(`/api/admin/leads?cursor=${saved}&form=boat-quote`, auth)).json()
    expect(boats.leads.map((lead) => lead.id)).toEqual([boat])
  })

  it('takes a page size up to 100 for a list too', async () => {
    const auth = await tokenFor()
    for (let n = 0; n < 3; n++) await store('contact-message')
    const page: Page = (await get('/api/admin/leads?pageSize=100', auth)).json()
    expect(page).toMatchObject({ total: 3, pageSize: 100, hasMore: false, nextCursor: null })
    const small: Page = (await get('/api/admin/leads?pageSize=2&page=2', auth)).json()
    expect(small.leads).toHaveLength(1)
  })

  it('refuses any parameter or body it does not understand, naming it', async () => {
    const auth = await tokenFor()
    const lead = await store('contact-message')
    const refusals: [string, string][] = [
      ['/api/admin/leads?since=2026-11-01T00:00:00Z', 'since'],
      ['/api/admin/leads?pageSize=101', 'pageSize'],
      ['/api/admin/leads?pageSize=0', 'pageSize'],
      ['/api/admin/leads?page=-1', 'page'],
      ['/api/admin/leads?page=abc', 'page'],
      ['/api/admin/leads?updatedSince=2026-02-30T00:00:00Z', 'updatedSince'],
      ['/api/admin/leads?updatedSince=yesterday', 'updatedSince'],
      ['/api/admin/leads?cursor=not-ours', 'cursor'],
      ['/api/admin/leads?updatedSince=2026-11-01T00:00:00Z&sort=age', 'sort'],
      ['/api/admin/leads?updatedSince=2026-11-01T00:00:00Z&page=2', 'page'],
      ['/api/admin/leads/new-count?since=2026-11-01T00:00:00Z&limit=5', 'limit'],
    ]
    for (const [url, field] of refusals) {
      const response = await get(url, auth)
      expect(response.statusCode, url).toBe(400)
      expect(Object.keys(response.json().fields), url).toEqual([field])
      expect(response.json().error, url).toContain(field)
    }
    const bodies: [string, string, unknown, string][] = [
      ['PATCH', `/api/admin/leads/${lead}`, { status: 'contacted', colour: 'red' }, 'colour'],
      ['PATCH', `/api/admin/leads/${lead}`, { status: 'pending' }, 'status'],
      ['POST', `/api/admin/leads/${lead}/notes`, { note: 'x', pinned: true }, 'pinned'],
      ['POST', `/api/admin/leads/${lead}/contacts`, { channel: 'fax', outcome: 'reached' }, 'channel'],
    ]
    for (const [method, url, body, field] of bodies) {
      const response = await send(method === 'PATCH' ? 'PATCH' : 'POST', url, auth, body)
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(body)}`).toBe(400)
      expect(Object.keys(response.json().fields)).toEqual([field])
    }
    // Nothing of the refused PATCH was applied.
    const [row] = await t.db.query<{ status: string }>('SELECT status FROM leads WHERE id = $1', [lead])
    expect(row?.status).toBe('new')
  })
})
