/**
 * The owner's view under the inbox's chart (server/admin/owner-view.ts): the median time to first
 * contact per staff member and week received (the agency's weeks), leads not yet contacted, and
 * the pipeline per week with the top lost reasons; owners see it, staff members do not. Contacts
 * and statuses go through the real work log, on both databases.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { agency } from '#config/agency.ts'
import { createWorkLog, type WorkLog } from '#server/leads/work-log.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { pageText } from './helpers/page-text.ts'
import { signInThroughPage } from './helpers/staff-session.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const password = 'a long staff password 42'
const ownerEmail = 'ana@oakridge-insurance.example'
const staffEmail = 'ben@oakridge-insurance.example'
const minute = 60_000
/** A Wednesday afternoon: the current week (New York) starts Monday 23 November. */
const now = new Date('2026-11-25T20:00:00Z')

/** A table's rows (by its caption's start) as the texts of their cells. */
function tableRows(body: string, caption: string): string[][] {
  const start = body.indexOf(`<caption id="owner-${caption}-caption">`)
  expect(start).toBeGreaterThan(-1)
  const table = body.slice(start, body.indexOf('</table>', start))
  return [...table.matchAll(/<tr>(.*?)<\/tr>/g)].map((row) =>
    [...(row[1] ?? '').matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((cell) => pageText(cell[1] ?? '')),
  )
}

describe.each(featureDrivers)("the owner's view of staff speed and the pipeline on %s", (driver) => {
  const t = useTestApp(
    driver,
    { now: () => now },
    { truncate: 'leads, staff_users, staff_sessions, sign_in_throttles' },
  )
  let workLog: WorkLog
  let owner: { userId: string; email: string }
  let member: { userId: string; email: string }

  beforeAll(async () => {
    workLog = createWorkLog(t.db, agency.timeZone)
  })
  beforeEach(async () => {
    const ana = await makeStaff(t.db, ownerEmail, { password, role: 'owner', displayName: 'Ana Ruiz' })
    const ben = await makeStaff(t.db, staffEmail, { password })
    owner = { userId: ana.id, email: ana.email }
    member = { userId: ben.id, email: ben.email }
  })

  async function lead(receivedAt: string, isSpam = false): Promise<string> {
    const fields = { firstName: 'Pat', lastName: 'Lee' }
    const spam = isSpam ? { isSpam, spamReasons: ['honeypot'] } : {}
    return (await storeLead(t.db, { fields, ...spam, receivedAt: new Date(receivedAt) })).id
  }

  async function contact(leadId: string, actor: typeof owner, receivedAt: string, afterMinutes: number) {
    const at = new Date(new Date(receivedAt).getTime() + afterMinutes * minute)
    expect(await workLog.logContact({ leadId, actor, channel: 'call', reached: true, note: '', at })).toBe(
      true,
    )
  }

  /** Leads in the weeks of 16 and 23 November, contacted by Ana and Ben at known delays. */
  async function workedWeeks() {
    const times = {
      a1: '2026-11-23T14:00:00Z',
      a2: '2026-11-23T15:00:00Z',
      a3: '2026-11-24T14:00:00Z',
      a4: '2026-11-24T16:00:00Z',
      // Sunday 22 November, 22:00 in New York, Monday in UTC: a lead of the week before.
      b1: '2026-11-23T03:00:00Z',
      b2: '2026-11-17T14:00:00Z',
      spam: '2026-11-23T14:30:00Z',
    }
    const ids = Object.fromEntries(
      await Promise.all(
        Object.entries(times).map(async ([key, at]) => [key, await lead(at, key === 'spam')] as const),
      ),
    ) as Record<keyof typeof times, string>
    await contact(ids.a1, owner, times.a1, 30)
    await contact(ids.a2, owner, times.a2, 90)
    await contact(ids.a3, member, times.a3, 190)
    await contact(ids.b1, owner, times.b1, 42)
    // Ben calls again later: the first contact stays Ana's.
    await contact(ids.b1, member, times.b1, 600)
    await contact(ids.b2, member, times.b2, 26 * 60)
    await contact(ids.spam, member, times.spam, 5)
    const status = (leadId: string, value: 'quoted' | 'won' | 'lost', lostReason?: 'price' | 'coverage') =>
      workLog.setStatus({ leadId, actor: owner, status: value, lostReason, at: now })
    await status(ids.a1, 'quoted')
    await status(ids.a2, 'won')
    await status(ids.a3, 'lost', 'price')
    await status(ids.b1, 'lost', 'coverage')
    await status(ids.b2, 'lost', 'price')
    await status(ids.spam, 'won')
  }

  async function inbox(email: string) {
    const cookie = await signInThroughPage(t.app, email, password)
    const page = await t.app.inject({ method: 'GET', url: '/admin', headers: { cookie } })
    expect(page.statusCode).toBe(200)
    return page.body
  }

  it('gives each staff member their median time to first contact in the week the leads came in', async () => {
    await workedWeeks()
    const rows = tableRows(await inbox(ownerEmail), 'speed')
    expect(rows[0]).toEqual([
      'Staff member',
      ...['Oct 5', 'Oct 12', 'Oct 19', 'Oct 26', 'Nov 2', 'Nov 9', 'Nov 16', 'Nov 23'].map((day) =>
        expect.stringContaining(`Week of ${day}`),
      ),
    ])
    const row = (label: string) => rows.find((cells) => cells[0] === label)?.slice(-2)
    // Ana: 30 and 90 minutes this week (median 60), 42 minutes the week before (Sunday evening).
    expect(row('Ana Ruiz')).toEqual(['42 min (1)', '1 h 00 min (2)'])
    // Ben, shown by e-mail (no display name): 26 hours the week before, 3 h 10 this week.
    expect(row(staffEmail)).toEqual(['1 d 2 h (1)', '3 h 10 min (1)'])
    expect(row('Not yet contacted')).toEqual(['0', '1'])
  })

  it('counts where each week’s leads stand now, and the top lost reasons, without spam', async () => {
    await workedWeeks()
    const body = await inbox(ownerEmail)
    const rows = tableRows(body, 'pipeline')
    expect(rows[0]).toEqual(['Week of', 'Received', 'Quoted', 'Won', 'Lost'])
    expect(rows).toHaveLength(9)
    expect(rows.at(-2)).toEqual([expect.stringContaining('Nov 16'), '2', '0', '0', '2'])
    expect(rows.at(-1)).toEqual([expect.stringContaining('Nov 23'), '4', '1', '1', '1'])
    expect(rows[1]).toEqual([expect.stringContaining('Oct 5'), '0', '0', '0', '0'])
    expect(pageText(body)).toContain(
      'Top reasons for lost leads, last 8 weeks Reason Leads Price 2 Coverage 1',
    )
  })

  it('is not shown to a staff member who is not an owner', async () => {
    await workedWeeks()
    const body = await inbox(staffEmail)
    expect(body).toContain('Leads per week by line of insurance')
    expect(body).not.toContain('owner-view')
    expect(body).not.toContain('Median time to first contact by who made it')
  })
})
