/**
 * The work queue lists a person once, on both drivers: requests of the same person (same e-mail
 * or phone) are one entry, placed by the most urgent of them under the queue's order (overdue,
 * due follow-ups, new, the rest), with the person's other requests under it (line, status, age,
 * follow-up); the page counts people and requests and pages by people; a chain of requests linked
 * through each other never loses one; other orders list each request. A card's "Log the call"
 * opens the lead's log with Call chosen.
 */
import { describe, expect, it } from 'vitest'
import { storeLead } from '#tests/kit/leads.ts'
import { useDesk } from './helpers/desk.ts'
import { pageText } from './helpers/page-text.ts'
import { injectGet } from './helpers/requests.ts'
import { drivers } from './helpers/test-database.ts'

/** The inbox's entries: each row's name, and the names of the requests listed under it. */
function entries(body: string): { name: string; under: string[] }[] {
  const table = body.split('<table class="leads">')[1]?.split('</table>')[0] ?? ''
  const rows = table.split('<tr').slice(2)
  const list: { name: string; under: string[] }[] = []
  for (const row of rows) {
    if (row.startsWith(' class="person-requests"')) {
      const last = list.at(-1)
      if (last) last.under = [...row.matchAll(/<li>(.*?)<\/li>/g)].map((match) => pageText(match[1] ?? ''))
      continue
    }
    list.push({
      name: pageText(/<td class="cell-name"><a [^>]*>(.*?)<\/a>/.exec(row)?.[1] ?? '').trim(),
      under: [],
    })
  }
  return list
}

describe.each(drivers)('the work queue by person on %s', (driver) => {
  const t = useDesk(driver)

  const get = (url: string) => injectGet(t.app, url, t.desk.cookie)
  const jose = { firstName: 'José', lastName: 'Ramírez', email: 'jose@example.com', phone: '7705550199' }

  it('lists José once, placed by his overdue request, his quoted one under it; counts both', async () => {
    // Now: Monday 2026-11-23 11:00 in New York. José's auto quote is quoted (the rest); his
    // landlord request came in Friday and is overdue; Ann's is new from this morning.
    const quoted = await storeLead(t.db, {
      form: 'quote-request',
      fields: jose,
      receivedAt: new Date('2026-11-16T15:00:00Z'),
      status: 'quoted',
      followUpAt: new Date('2026-11-27T15:00:00Z'),
    })
    const overdue = await storeLead(t.db, {
      form: 'landlord-quote',
      fields: { ...jose, email: 'JOSE@example.com ', phone: '' },
      receivedAt: new Date('2026-11-20T15:00:00Z'),
    })
    await storeLead(t.db, {
      fields: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '7705550123' },
      receivedAt: new Date('2026-11-23T15:30:00Z'),
    })
    await storeLead(t.db, {
      fields: { firstName: 'Zed', lastName: 'Old', email: 'zed@example.com', phone: '7705550124' },
      receivedAt: new Date('2026-11-10T15:30:00Z'),
      status: 'won',
    })
    const inbox = await get('/admin')
    expect(inbox.statusCode).toBe(200)
    const list = entries(inbox.body)
    expect(list.map((entry) => entry.name)).toEqual(['José Ramírez', 'Ann Lee', 'Zed Old'])
    // The entry is José's overdue request; the quoted one is under it, with its line, status,
    // age and follow-up, and a link.
    expect(inbox.body).toContain(`href="/admin/leads/${overdue.id}"`)
    expect(list[0]?.under).toEqual([
      'Contact & service : Quote request Quoted received Nov 16, 10:00 AM, follow-up Nov 27, 2026, 10:00 AM',
    ])
    expect(inbox.body).toContain(`href="/admin/leads/${quoted.id}"`)
    expect(pageText(inbox.body)).toContain('Another request from José Ramírez')
    expect(pageText(inbox.body)).toContain('3 people with 4 requests match.')
    expect(pageText(inbox.body)).toContain('People 1 to 3 of 3, in work-queue order')

    // Another order lists each request, and counts requests.
    const received = await get('/admin?sort=received')
    expect(entries(received.body).map((entry) => entry.name)).toEqual([
      'Ann Lee',
      'José Ramírez',
      'José Ramírez',
      'Zed Old',
    ])
    expect(pageText(received.body)).toContain('4 leads match.')

    // A filter chooses the entries; the person's other open requests are still shown under them.
    const landlord = entries((await get('/admin?form=landlord-quote')).body)
    expect(landlord.map((entry) => entry.name)).toEqual(['José Ramírez'])
    expect(landlord[0]?.under).toHaveLength(1)
  })

  it('places the person by the most urgent request, whatever the order they came in', async () => {
    // A follow-up due now beats new: the older request (due) is the entry, the newer one under it.
    const due = await storeLead(t.db, {
      form: 'quote-request',
      fields: jose,
      receivedAt: new Date('2026-11-02T15:00:00Z'),
      status: 'contacted',
      followUpAt: new Date('2026-11-23T14:00:00Z'),
    })
    await storeLead(t.db, { form: 'boat-quote', fields: jose, receivedAt: new Date('2026-11-23T15:50:00Z') })
    await storeLead(t.db, {
      fields: { firstName: 'Ann', lastName: 'Lee', email: 'ann@example.com', phone: '7705550123' },
      receivedAt: new Date('2026-11-23T15:30:00Z'),
    })
    const body = (await get('/admin')).body
    expect(entries(body).map((entry) => [entry.name, entry.under.length])).toEqual([
      ['José Ramírez', 1],
      ['Ann Lee', 0],
    ])
    const first = body.split('<tr').slice(2)[0] ?? ''
    expect(first).toContain(`/admin/leads/${due.id}`)
    expect(first).toContain('class="follow-up-due has-requests"')
  })

  it('pages by people: 26 people with two requests each make two pages of 25 and 1', async () => {
    for (let person = 0; person < 26; person++) {
      const fields = {
        firstName: `P${String(person).padStart(2, '0')}`,
        lastName: 'Test',
        email: `p${person}@example.com`,
        phone: `77055510${String(person).padStart(2, '0')}`,
      }
      const minute = `1${person % 2}:${String(person).padStart(2, '0')}:00Z`
      await storeLead(t.db, { form: 'quote-request', fields, receivedAt: new Date(`2026-11-23T${minute}`) })
      await storeLead(t.db, {
        form: 'renters-quote',
        fields,
        receivedAt: new Date(`2026-11-22T${minute}`),
        status: 'contacted',
      })
    }
    const first = await get('/admin')
    expect(entries(first.body)).toHaveLength(25)
    expect(pageText(first.body)).toContain('26 people with 52 requests match.')
    expect(pageText(first.body)).toContain('Page 1 of 2')
    const second = entries((await get('/admin?page=2')).body)
    expect(second).toHaveLength(1)
    const seen = new Set([...entries(first.body), ...second].map((entry) => entry.name))
    expect(seen.size).toBe(26)
  })

  it('never loses a request linked through another: a chain shows each one', async () => {
    // A and B share a phone; B and C share an e-mail; A and C share nothing.
    const chain = async (lastName: string, email: string, phone: string, receivedAt: string) =>
      storeLead(t.db, {
        form: 'quote-request',
        fields: { firstName: 'Chain', lastName, email, phone },
        receivedAt: new Date(receivedAt),
      })
    const a = await chain('A', 'a@example.com', '7705550150', '2026-11-23T15:55:00Z')
    const b = await chain('B', 'b@example.com', '7705550150', '2026-11-23T15:50:00Z')
    const c = await chain('C', 'b@example.com', '7705550151', '2026-11-23T15:45:00Z')
    const body = (await get('/admin')).body
    for (const lead of [a, b, c]) expect(body).toContain(`/admin/leads/${lead.id}`)
    // New, newest first: A is an entry with B under it; C, linked to B only, is an entry of its own
    // (B is listed once, under the first entry it belongs to).
    expect(entries(body).map((entry) => [entry.name, entry.under.length])).toEqual([
      ['Chain A', 1],
      ['Chain C', 0],
    ])
    expect(pageText(body)).toContain('2 people with 3 requests match.')
  })

  it('a card offers Call and "Log the call", which opens the lead with Call chosen', async () => {
    const { id } = await storeLead(t.db, {
      form: 'quote-request',
      fields: jose,
      receivedAt: new Date('2026-11-23T15:30:00Z'),
    })
    const body = (await get('/admin')).body
    expect(body).toContain('href="tel:+17705550199"')
    expect(body).toContain(`href="/admin/leads/${id}?log=call#work"`)
    const chosen = async (url: string) =>
      /name="channel" checked="" value="([a-z]*)"/.exec((await get(url)).body)?.[1]
    expect(await chosen(`/admin/leads/${id}?log=call`)).toBe('call')
    expect(await chosen(`/admin/leads/${id}`)).toBe('')
    // Something else than a channel chooses nothing.
    expect(await chosen(`/admin/leads/${id}?log=fax`)).toBe('')
    // The lead page offers it beside its own Call, for a phone where tel: leaves the browser.
    expect((await get(`/admin/leads/${id}`)).body).toContain('data-log-only="">Log the call</a>')
  })
})
