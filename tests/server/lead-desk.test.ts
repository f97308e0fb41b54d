/**
 * The lead desk through inject on PGlite, with a fixed clock: overdue by the agency's
 * business hours (closed days and the time zone), time to first contact and its weekly median and
 * 90th percentile, the work log (contacts, notes, status changes with who and when), assignment
 * with the Mine and Unassigned filters, and the reply links in the lead's language.
 */
import { describe, expect, it } from 'vitest'
import { addBusinessTime, type BusinessHours, overdueAt } from '#server/leads/business-hours.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { useDesk } from './helpers/desk.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { featureDrivers } from './helpers/test-database.ts'

const minuteMs = 60_000
const hourMs = 3_600_000

describe('business hours (config/agency.ts: Mon-Thu 9-17, Fri 9-16, closed weekends, New York)', () => {
  it('gives one open hour on a weekday morning', () => {
    // Tuesday 2026-11-17 10:15 in New York (EST, UTC-5).
    expect(overdueAt(new Date('2026-11-17T15:15:00Z'))?.toISOString()).toBe('2026-11-17T16:15:00.000Z')
  })

  it('carries the hour over the weekend: Friday 15:30 is overdue Monday 09:30', () => {
    expect(overdueAt(new Date('2026-11-20T20:30:00Z'))?.toISOString()).toBe('2026-11-23T14:30:00.000Z')
  })

  it('starts the clock at opening for a lead sent at night or on Sunday', () => {
    // Sunday 22:00 New York → Monday 10:00.
    expect(overdueAt(new Date('2026-11-23T03:00:00Z'))?.toISOString()).toBe('2026-11-23T15:00:00.000Z')
    // Wednesday 06:00 New York → 10:00 the same day.
    expect(overdueAt(new Date('2026-11-18T11:00:00Z'))?.toISOString()).toBe('2026-11-18T15:00:00.000Z')
  })

  it('follows daylight saving time (EDT in summer, UTC-4)', () => {
    // Thursday 2026-07-16 16:30 New York → 17:00 closes with 30 minutes spent; Friday 09:30.
    expect(overdueAt(new Date('2026-07-16T20:30:00Z'))?.toISOString()).toBe('2026-07-17T13:30:00.000Z')
  })

  it('reads the hours in the configured zone, not the server’s', () => {
    const tokyo: BusinessHours = {
      timeZone: 'Asia/Tokyo',
      hours: [{ days: ['Mo', 'Tu', 'We', 'Th', 'Fr'], opens: '09:00', closes: '18:00' }],
    }
    // Saturday 2026-11-21 10:00 in Tokyo (UTC+9) → Monday 10:00 Tokyo = Monday 01:00 UTC.
    expect(addBusinessTime(new Date('2026-11-21T01:00:00Z'), hourMs, tokyo)?.toISOString()).toBe(
      '2026-11-23T01:00:00.000Z',
    )
    expect(addBusinessTime(new Date(), hourMs, { timeZone: 'UTC', hours: [] })).toBeUndefined()
  })
})

describe.each(featureDrivers)('lead desk on %s', (driver) => {
  const t = useDesk(driver)

  function post(who: { cookie: string }, url: string, fields: Record<string, string>) {
    return injectForm(t.app, url, fields, { cookie: who.cookie })
  }

  const get = (who: { cookie: string }, url: string) => injectGet(t.app, url, who.cookie)

  it('marks as overdue a new lead past one business hour, not one received over the weekend', async () => {
    // Friday 15:30: overdue at Monday 09:30 (it is 11:00 now).
    await storeLead(t.db, {
      fields: { firstName: 'Late', lastName: 'Friday' },
      receivedAt: new Date('2026-11-20T20:30:00Z'),
    })
    // Saturday: overdue at Monday 10:00... also overdue.
    await storeLead(t.db, {
      fields: { firstName: 'Weekend', lastName: 'Saturday' },
      receivedAt: new Date('2026-11-21T15:00:00Z'),
    })
    // Monday 10:30: overdue only at 11:30.
    await storeLead(t.db, {
      fields: { firstName: 'Fresh', lastName: 'Monday' },
      receivedAt: new Date('2026-11-23T15:30:00Z'),
    })
    const page = await get(t.desk, '/admin')
    const rows = page.body.split('<tr').slice(1)
    const rowOf = (name: string) => rows.find((row) => row.includes(name)) ?? ''
    expect(rowOf('Late Friday')).toContain('Overdue')
    expect(rowOf('Weekend Saturday')).toContain('Overdue')
    expect(rowOf('Fresh Monday')).not.toContain('Overdue')
    expect(pageText(rowOf('Fresh Monday'))).toContain('30 min old')

    const fresh = rows
      .find((row) => row.includes('Fresh Monday'))
      ?.match(/\/admin\/leads\/([0-9a-f-]{36})/)?.[1]
    const leadPage = pageText((await get(t.desk, `/admin/leads/${fresh}`)).body)
    expect(leadPage).toContain('Overdue at Nov 23, 2026, 11:30 AM (one business hour)')
    t.clock = new Date('2026-11-23T16:31:00Z')
    expect((await get(t.desk, `/admin/leads/${fresh}`)).body).toContain('badge-overdue')
  })

  it('logs a call: time to first contact, status contacted, who and when on the timeline', async () => {
    const id = (
      await storeLead(t.db, {
        fields: { firstName: 'Ana', lastName: 'Ruiz', phone: '(770) 555-0142' },
        receivedAt: new Date(t.clock.getTime() - 20 * minuteMs),
      })
    ).id
    const before = (await get(t.desk, `/admin/leads/${id}`)).body
    expect(before).toContain('href="tel:+17705550142"')
    expect(pageText(before)).toContain('Not contacted yet')

    const logged = await post(t.desk, `/admin/leads/${id}/contact`, {
      channel: 'call',
      reached: 'yes',
      note: 'Wants a quote Friday',
    })
    expect(logged.statusCode).toBe(303)
    t.clock = new Date(t.clock.getTime() + 5 * minuteMs)
    // A later attempt does not move the first contact.
    await post(t.maria, `/admin/leads/${id}/contact`, { channel: 'text', reached: 'no' })
    const page = pageText((await get(t.desk, `/admin/leads/${id}`)).body)
    expect(page).toContain('Time to first contact 20 min')
    expect(page).toContain('Status Contacted')
    expect(page).toContain(
      'Call , reached: Wants a quote Friday desk@oakridge-insurance.example, Nov 23, 2026, 11:00 AM',
    )
    expect(page).toContain(
      'Text message , no answer maria@oakridge-insurance.example, Nov 23, 2026, 11:05 AM',
    )
    expect(page).toContain('Status set to Contacted desk@oakridge-insurance.example')
    const [lead] = await t.db.query<{ first_contact_at: Date }>(
      'SELECT first_contact_at FROM leads WHERE id = $1',
      [id],
    )
    expect(new Date(lead?.first_contact_at ?? 0).toISOString()).toBe('2026-11-23T16:00:00.000Z')
  })

  it('refuses bad work-log input with a clear message and changes nothing', async () => {
    const id = (await storeLead(t.db, { fields: { firstName: 'Bo', lastName: 'Lee' }, receivedAt: t.clock }))
      .id
    const badChannel = await post(t.desk, `/admin/leads/${id}/contact`, { channel: 'pigeon', reached: 'yes' })
    expect(badChannel.statusCode).toBe(400)
    const emptyNote = await post(t.desk, `/admin/leads/${id}/note`, { note: '   ' })
    expect(emptyNote.statusCode).toBe(400)
    expect(pageText(emptyNote.body)).toContain('The note was empty')
    const nobody = await post(t.desk, `/admin/leads/${id}/assign`, {
      assignee: '00000000-0000-4000-8000-000000000000',
    })
    expect(nobody.statusCode).toBe(400)
    const foreign = await t.app.inject({
      method: 'POST',
      url: `/admin/leads/${id}/note`,
      headers: {
        origin: 'https://evil.example',
        cookie: t.desk.cookie,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: 'note=hi',
    })
    expect(foreign.statusCode).toBe(403)
    const [events] = await t.db.query<{ count: number }>('SELECT count(*)::int AS count FROM lead_events')
    expect(events?.count).toBe(0)
    const [lead] = await t.db.query<{ assigned_to: string | null; first_contact_at: Date | null }>(
      'SELECT assigned_to, first_contact_at FROM leads WHERE id = $1',
      [id],
    )
    expect(lead).toEqual({ assigned_to: null, first_contact_at: null })
  })

  it('assigns leads; Mine and Unassigned filter them; the list shows who has each', async () => {
    const mine = (
      await storeLead(t.db, { fields: { firstName: 'Mine', lastName: 'Lead' }, receivedAt: t.clock })
    ).id
    const theirs = (
      await storeLead(t.db, { fields: { firstName: 'Their', lastName: 'Lead' }, receivedAt: t.clock })
    ).id
    await storeLead(t.db, { fields: { firstName: 'Open', lastName: 'Lead' }, receivedAt: t.clock })
    expect((await post(t.desk, `/admin/leads/${mine}/assign`, { assignee: t.desk.id })).statusCode).toBe(303)
    expect((await post(t.desk, `/admin/leads/${theirs}/assign`, { assignee: t.maria.id })).statusCode).toBe(
      303,
    )

    const names = async (who: { cookie: string }, query: string) =>
      [...(await get(who, `/admin${query}`)).body.matchAll(/<a href="\/admin\/leads\/[^"]+">([^<]+)<\/a>/g)]
        .map((match) => match[1])
        .sort()
    expect(await names(t.desk, '?assigned=mine')).toEqual(['Mine Lead'])
    expect(await names(t.maria, '?assigned=mine')).toEqual(['Their Lead'])
    expect(await names(t.desk, '?assigned=unassigned')).toEqual(['Open Lead'])
    const list = (await get(t.desk, '/admin')).body
    expect(list.split('<tr').find((row) => row.includes('Their Lead'))).toContain(
      'maria@oakridge-insurance.example',
    )
    expect((await get(t.desk, '/admin?assigned=someone')).statusCode).toBe(400)

    const timeline = pageText((await get(t.desk, `/admin/leads/${theirs}`)).body)
    expect(timeline).toContain('Assigned to maria@oakridge-insurance.example desk@oakridge-insurance.example')
    // Unassigning is logged too.
    await post(t.desk, `/admin/leads/${theirs}/assign`, { assignee: '' })
    expect(pageText((await get(t.desk, `/admin/leads/${theirs}`)).body)).toContain(
      'Unassigned desk@oakridge-insurance.example',
    )
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads?assigned=mine',
      headers: { cookie: t.desk.cookie },
    })
    expect(api.json().leads.map((lead: { name: string }) => lead.name)).toEqual(['Mine Lead'])
  })

  it('records who changed a status and shows notes on the timeline', async () => {
    const id = (await storeLead(t.db, { fields: { firstName: 'Cy', lastName: 'Ng' }, receivedAt: t.clock }))
      .id
    await post(t.maria, `/admin/leads/${id}/status`, { status: 'closed' })
    await post(t.desk, `/admin/leads/${id}/note`, { note: 'Bought elsewhere <b>sadly</b>' })
    const page = await get(t.desk, `/admin/leads/${id}`)
    expect(pageText(page.body)).toContain('Status set to Closed maria@oakridge-insurance.example')
    expect(page.body).toContain('Bought elsewhere &lt;b&gt;sadly&lt;/b&gt;')
  })

  it('shows the weekly median and 90th percentile time to first contact', async () => {
    // Week of Nov 16: ten leads contacted after 1..10 minutes, one never contacted.
    for (let minutes = 1; minutes <= 10; minutes++) {
      const received = new Date(Date.UTC(2026, 10, 17, 15, minutes * 3))
      const id = (
        await storeLead(t.db, { fields: { firstName: `P${minutes}`, lastName: 'X' }, receivedAt: received })
      ).id
      t.clock = new Date(received.getTime() + minutes * minuteMs)
      await post(t.desk, `/admin/leads/${id}/contact`, { channel: 'call', reached: 'no' })
    }
    await storeLead(t.db, {
      fields: { firstName: 'Never', lastName: 'Called' },
      receivedAt: new Date('2026-11-18T15:00:00Z'),
    })
    t.clock = new Date('2026-11-23T16:00:00Z')
    const page = pageText((await get(t.desk, '/admin')).body)
    // Median of 1..10 min = 5.5 min; 90th percentile (continuous) = 9.1 min.
    expect(page).toContain(
      'Time to first contact Week of Nov 16 : median 5 min, 90th percentile 9 min (10 of 11 contacted)',
    )
  })

  it('prefills an e-mail reply in the lead’s language', async () => {
    const id = (
      await storeLead(t.db, {
        fields: { firstName: 'Lucía', lastName: 'Gómez', email: 'lucia@example.com' },
        receivedAt: t.clock,
        language: 'es',
      })
    ).id
    const page = await get(t.desk, `/admin/leads/${id}`)
    const href = /href="(mailto:[^"]+)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') ?? ''
    const url = new URL(href)
    expect(url.pathname).toBe('lucia@example.com')
    // A contact message is answered with the service reply (server/desk/reply-templates.ts).
    expect(url.searchParams.get('subject')).toMatch(
      /^Su mensaje a .+ \([2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}\)$/,
    )
    expect(url.searchParams.get('body')).toContain('Hola, Lucía:')
  })
})
