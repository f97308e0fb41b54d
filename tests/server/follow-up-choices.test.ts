/**
 * Follow-ups in office hours, on both drivers with a fixed clock: the work form's quick choices
 * (an office hour on, the next opening, two days, a week) are read from the office's hours, so a
 * Friday afternoon's "in an office hour" lands on Monday; a time typed when the office is closed
 * is moved to its next opening and the saved page says so; won and lost clear the follow-up;
 * "due today" counts and lists the follow-ups due by the office's midnight beside those due now.
 */
import { describe, expect, it } from 'vitest'
import type { LeadStatus } from '#server/leads/lead-repository.ts'
import { person, readLead, storeLead } from '#tests/kit/leads.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { useDesk } from './helpers/desk.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet } from './helpers/requests.ts'
import { drivers } from './helpers/test-database.ts'

describe.each(drivers)('follow-ups in office hours on %s', (driver) => {
  const t = useDesk(driver)

  /** A lead received on Friday 20 November and contacted then, with the follow-up and status given. */
  async function contactedLead(
    name: string,
    followUpAt: Date | null = null,
    status: LeadStatus = 'contacted',
  ): Promise<string> {
    const friday = new Date('2026-11-20T15:00:00Z')
    const fields = person(name, 'Follow')
    return (await storeLead(t.db, { fields, receivedAt: friday, firstContactAt: friday, status, followUpAt }))
      .id
  }

  const followUpOf = async (id: string) => (await readLead(t.db, id)).followUpAt?.toISOString() ?? null

  const save = (id: string, fields: Record<string, string>) =>
    injectForm(
      t.app,
      `/admin/leads/${id}/work`,
      { statusWas: 'contacted', followUpWas: '', ...fields },
      {
        cookie: t.desk.cookie,
      },
    )

  /** The quick choices the lead page offers: [label, value]. */
  async function quickChoices(id: string, cookie = t.desk.cookie): Promise<[string, string][]> {
    const body = (await injectGet(t.app, `/admin/leads/${id}`, cookie)).body
    const select = body.split('name="followUpQuick"')[1]?.split('</select>')[0] ?? ''
    return [...select.matchAll(/<option value="([^"]+)">(.*?)<\/option>/g)].map((match) => [
      pageText(match[2] ?? ''),
      match[1] ?? '',
    ])
  }

  it('offers quick choices in office hours: on a Friday at 3:30 PM, an office hour on is Monday 9:30 AM', async () => {
    // Friday 27 November 2026, 15:30 in New York; the office closes at 16:00 on Fridays.
    t.clock = new Date('2026-11-27T20:30:00Z')
    const friday = await signedInStaff(t.db, 'friday@oakridge-insurance.example', { now: t.clock })
    const id = await contactedLead('Friday')
    expect(await quickChoices(id, friday.cookie)).toEqual([
      ['In an office hour: Mon, Nov 30, 9:30 AM', '2026-11-30T09:30'],
      ['Next opening: Mon, Nov 30, 9:00 AM', '2026-11-30T09:00'],
      // Sunday at 3:30 PM is closed: Monday's opening.
      ['In 2 days: Mon, Nov 30, 9:00 AM', '2026-11-30T09:00'],
      ['In a week: Fri, Dec 4, 3:30 PM', '2026-12-04T15:30'],
    ])
    // On a Monday morning, the next opening is tomorrow's.
    t.clock = new Date('2026-11-23T16:00:00Z')
    expect((await quickChoices(id))[1]).toEqual(['Next opening: Tomorrow, 9:00 AM', '2026-11-24T09:00'])

    const saved = await save(id, { followUpQuick: '2026-11-24T09:00', followUp: '' })
    expect(saved.statusCode).toBe(303)
    expect(saved.headers.location).toBe(`/admin/leads/${id}?notice=work#work-notice`)
    expect(await followUpOf(id)).toBe('2026-11-24T14:00:00.000Z')
  })

  it('moves a follow-up typed for when the office is closed to its next opening, and says so', async () => {
    const id = await contactedLead('Evening')
    // Tuesday 1 December at 7:30 PM: closed since 5 PM; Wednesday opens at 9 AM (14:00 UTC).
    const saved = await save(id, { followUp: '2026-12-01T19:30' })
    expect(saved.headers.location).toBe(`/admin/leads/${id}?notice=work-moved#work-notice`)
    expect(await followUpOf(id)).toBe('2026-12-02T14:00:00.000Z')
    const page = pageText((await injectGet(t.app, saved.headers.location ?? '', t.desk.cookie)).body)
    expect(page).toContain('The follow-up fell when the office is closed, so it is set for the next opening')
    expect(page).toContain('Dec 2, 2026, 9:00 AM')
    // A time in office hours is kept as typed, and the notice is the plain one.
    const inHours = await save(id, { followUp: '2026-12-03T14:15', followUpWas: '2026-12-02T09:00' })
    expect(inHours.headers.location).toBe(`/admin/leads/${id}?notice=work#work-notice`)
    expect(await followUpOf(id)).toBe('2026-12-03T19:15:00.000Z')
  })

  it('clears the follow-up when a lead is won or lost', async () => {
    const won = await contactedLead('Winner', new Date('2026-11-25T15:00:00Z'))
    await save(won, { status: 'won', followUp: '2026-11-25T10:00', followUpWas: '2026-11-25T10:00' })
    expect(await followUpOf(won)).toBeNull()
    const lost = await contactedLead('Loser', new Date('2026-11-25T15:00:00Z'))
    await save(lost, {
      status: 'lost',
      lostReason: 'price',
      followUp: '2026-11-25T10:00',
      followUpWas: '2026-11-25T10:00',
    })
    expect(await followUpOf(lost)).toBeNull()
    // Quoted is still open: its follow-up stays.
    const quoted = await contactedLead('Quoter', new Date('2026-11-25T15:00:00Z'))
    await save(quoted, { status: 'quoted', followUp: '2026-11-25T10:00', followUpWas: '2026-11-25T10:00' })
    expect(await followUpOf(quoted)).toBe('2026-11-25T15:00:00.000Z')
  })

  it('counts and lists the follow-ups due today beside those due now', async () => {
    // Monday 23 November, 11:00 in New York.
    await contactedLead('Morning', new Date('2026-11-23T14:30:00Z'))
    await contactedLead('Afternoon', new Date('2026-11-23T20:00:00Z'))
    await contactedLead('Lastminute', new Date('2026-11-24T04:59:00Z'))
    await contactedLead('Tomorrow', new Date('2026-11-24T05:00:00Z'))
    await contactedLead('Won', new Date('2026-11-23T20:00:00Z'), 'won')
    const inbox = pageText((await injectGet(t.app, '/admin', t.desk.cookie)).body)
    expect(inbox).toContain('Follow-ups due (1)')
    expect(inbox).toContain('Due today (3)')
    const today = pageText((await injectGet(t.app, '/admin?due=today', t.desk.cookie)).body)
    for (const name of ['Morning', 'Afternoon', 'Lastminute']) expect(today).toContain(`${name} Follow`)
    for (const name of ['Tomorrow', 'Won']) expect(today).not.toContain(`${name} Follow`)
    const api = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads?due=today',
      headers: { cookie: t.desk.cookie },
    })
    expect(api.json<{ total: number }>().total).toBe(3)
  })
})
