/**
 * One person's requests worked together, on both drivers: the lead page offers the same person's
 * other open requests in its one save, and the status, follow-up and assignee chosen apply to
 * those ticked too, each logged on its own lead; a lead of someone else is never changed, even
 * when its id is sent.
 */
import { describe, expect, it } from 'vitest'
import { readLead, storeLead } from '#tests/kit/leads.ts'
import { useDesk } from './helpers/desk.ts'
import { pageText } from './helpers/page-text.ts'
import { injectGet, ownOrigin } from './helpers/requests.ts'
import { drivers } from './helpers/test-database.ts'

describe.each(drivers)('linked requests in one save on %s', (driver) => {
  const t = useDesk(driver)

  it('quotes and assigns José’s two requests in one save, and no one else’s', async () => {
    const jose = { firstName: 'José', lastName: 'Ramírez', email: 'jose@example.com', phone: '7705550199' }
    const auto = await storeLead(t.db, {
      form: 'quote-request',
      fields: jose,
      receivedAt: new Date('2026-11-23T14:00:00Z'),
    })
    const home = await storeLead(t.db, {
      form: 'landlord-quote',
      fields: jose,
      receivedAt: new Date('2026-11-23T14:10:00Z'),
    })
    const other = await storeLead(t.db, {
      form: 'contact-message',
      fields: { firstName: 'Ann', lastName: 'Other', email: 'ann@example.com', phone: '7705550123' },
      receivedAt: new Date('2026-11-23T14:20:00Z'),
    })

    const page = pageText((await injectGet(t.app, `/admin/leads/${auto.id}`, t.desk.cookie)).body)
    expect(page).toContain(
      'Also apply the status, follow-up and assignee to this person’s other open requests',
    )
    expect(page).toContain(`${home.reference} (New)`)

    const form = new URLSearchParams({
      channel: 'call',
      outcome: 'reached',
      note: 'Quoted both',
      status: 'quoted',
      statusWas: 'new',
      followUp: '2026-11-25T10:00',
      followUpWas: '',
      assignee: t.maria.id,
      assigneeWas: '',
    })
    // The box of each linked request ticked, and another person's lead's id slipped in.
    form.append('also', home.id)
    form.append('also', other.id)
    const saved = await t.app.inject({
      method: 'POST',
      url: `/admin/leads/${auto.id}/work`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: ownOrigin,
        cookie: t.desk.cookie,
      },
      payload: form.toString(),
    })
    expect(saved.statusCode).toBe(303)
    for (const id of [auto.id, home.id]) {
      expect(await readLead(t.db, id)).toMatchObject({ status: 'quoted', assignedTo: t.maria.id })
      expect((await readLead(t.db, id)).followUpAt?.toISOString()).toBe('2026-11-25T15:00:00.000Z')
    }
    // Each logged on its own lead; the call and the note only on the lead it was made on.
    const homeLog = pageText((await injectGet(t.app, `/admin/leads/${home.id}`, t.desk.cookie)).body)
    expect(homeLog).toContain('Status set to Quoted')
    expect(homeLog).not.toContain('Quoted both')
    // Someone else's lead is not this person's: unchanged.
    expect(await readLead(t.db, other.id)).toMatchObject({
      status: 'new',
      assignedTo: null,
      followUpAt: null,
    })
  })
})
