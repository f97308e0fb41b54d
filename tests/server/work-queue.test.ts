/**
 * The desk as the agency's work queue, on PGlite with a fixed clock: the inbox's order
 * (overdue by business hours across a weekend, due follow-ups, new, the rest) and its filters,
 * one save that logs a call with its outcome, note, status and follow-up (each with who and
 * when), lost with its reason, a note kept through an ended session and a sign-in, the same
 * person's requests linked, the API's actions, and the digest's due follow-ups with phones.
 */
import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { composeDigest } from '#server/desk/morning-digest.ts'
import { isOverdue, overdueCutoff } from '#server/leads/business-hours.ts'
import { searchedFields } from '#server/leads/lead-filters.ts'
import { purgeFinishedLeads } from '#server/leads/lead-repository.ts'
import { addStaffUser } from '#server/staff/staff-accounts.ts'
import { createSession, defaultSessionSettings } from '#server/staff/staff-sessions.ts'
import { person, storeLead } from '#tests/kit/leads.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { useDesk } from './helpers/desk.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm, injectGet, ownOrigin } from './helpers/requests.ts'
import { testPasswordCost } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const hourMs = 3_600_000

/** The lead names of the inbox's rows, in order. */
function rowNames(body: string): string[] {
  const table = body.split('<table class="leads">')[1]?.split('</table>')[0] ?? ''
  return table
    .split('<tr')
    .slice(2)
    .map((row) => pageText(row.match(/<td class="cell-name">(.*?)<\/td>/)?.[1] ?? '').trim())
}

describe('overdueCutoff agrees with isOverdue', () => {
  it('over a week of instants, weekends and nights included', () => {
    // Every 20 minutes from Friday 2026-11-20 to the next Tuesday, received at every 10 minutes
    // of the days before: the cutoff and the lead-by-lead rule give the same answer. (One check at
    // the end: 170,000 expect() calls took 17 s of a 30 s bound in CI.)
    const disagreements: string[] = []
    let compared = 0
    for (
      let now = Date.parse('2026-11-20T13:00:00Z');
      now < Date.parse('2026-11-24T23:00:00Z');
      now += 20 * 60_000
    ) {
      const cutoff = overdueCutoff(new Date(now))?.getTime() ?? -Infinity
      for (let received = now - 80 * hourMs; received <= now; received += 10 * 60_000) {
        const lead = { status: 'new', isSpam: false, receivedAt: new Date(received), firstContactAt: null }
        compared++
        if (received <= cutoff !== isOverdue(lead, new Date(now)))
          disagreements.push(
            `received ${new Date(received).toISOString()}, now ${new Date(now).toISOString()}`,
          )
      }
    }
    expect(compared).toBeGreaterThan(150_000)
    expect(disagreements).toEqual([])
  })

  it('migrations 023 (names, e-mails) and 013 (phones) search every form field that holds them', async () => {
    const migration = (file: string) =>
      readFile(new URL(`../../server/db/migrations/${file}`, import.meta.url), 'utf8')
    const words = await migration('023-desk-search-and-replies.sql')
    const digits = await migration('013-pipeline-and-follow-ups.sql')
    for (const name of [...searchedFields.name, ...searchedFields.email])
      expect(words).toContain(`fields->>'${name}'`)
    for (const name of searchedFields.phone) expect(digits).toContain(`fields->>'${name}'`)
  })
})

describe.each(featureDrivers)('work queue on %s', (driver) => {
  const t = useDesk(driver)

  function post(
    who: { cookie: string } | undefined,
    url: string,
    fields: Record<string, string>,
    json = false,
  ) {
    return injectForm(t.app, url, fields, {
      cookie: who?.cookie,
      headers: json ? { accept: 'application/json' } : {},
    })
  }

  const get = (who: { cookie: string }, url: string) => injectGet(t.app, url, who.cookie)

  function api(method: 'GET' | 'POST' | 'PATCH', url: string, body?: object) {
    return t.app.inject({
      method,
      url,
      headers: {
        origin: ownOrigin,
        cookie: t.desk.cookie,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    })
  }

  async function leadRow(id: string) {
    const [row] = await t.db.query<{ status: string; follow_up_at: Date | null; lost_reason: string | null }>(
      'SELECT status, follow_up_at, lost_reason FROM leads WHERE id = $1',
      [id],
    )
    return row
  }

  async function events(id: string) {
    return t.db.query<{
      kind: string
      detail: string
      staff_email: string
      created_at: Date
      outcome: string | null
    }>(
      `SELECT kind, detail, staff_email, created_at, outcome FROM lead_events WHERE lead_id = $1 ORDER BY id`,
      [id],
    )
  }

  it('opens on overdue leads (a Friday one first), then due follow-ups, new, then the rest', async () => {
    // Newer leads that need nothing now: they used to push the overdue ones down the list.
    for (let n = 0; n < 6; n++)
      await storeLead(t.db, {
        fields: person(`Done${n}`, 'Contacted'),
        receivedAt: new Date(t.clock.getTime() - n * 60_000),
        status: 'contacted',
      })
    await storeLead(t.db, { fields: person('Fresh', 'Monday'), receivedAt: new Date('2026-11-23T15:30:00Z') })
    await storeLead(t.db, {
      fields: person('Saturday', 'Weekend'),
      receivedAt: new Date('2026-11-21T15:00:00Z'),
    })
    await storeLead(t.db, { fields: person('Friday', 'Late'), receivedAt: new Date('2026-11-20T20:30:00Z') })
    await storeLead(t.db, {
      fields: person('Quoted', 'Callback'),
      receivedAt: new Date('2026-11-10T15:00:00Z'),
      status: 'quoted',
      followUpAt: new Date('2026-11-23T14:00:00Z'),
    })
    await storeLead(t.db, {
      fields: person('Later', 'Callback'),
      receivedAt: new Date('2026-11-09T15:00:00Z'),
      status: 'contacted',
      followUpAt: new Date('2026-11-24T14:00:00Z'),
    })
    await storeLead(t.db, {
      fields: person('Won', 'Callback'),
      receivedAt: new Date('2026-11-09T15:00:00Z'),
      status: 'won',
      followUpAt: new Date('2026-11-20T14:00:00Z'),
    })

    const page = await get(t.desk, '/admin')
    expect(page.statusCode).toBe(200)
    const names = rowNames(page.body)
    expect(names.slice(0, 4)).toEqual(['Friday Late', 'Saturday Weekend', 'Quoted Callback', 'Fresh Monday'])
    expect(names).toHaveLength(12)
    expect(pageText(page.body)).toContain('Overdue (2)')
    expect(pageText(page.body)).toContain('Follow-ups due (1)')

    const overdue = rowNames((await get(t.desk, '/admin?due=overdue')).body)
    expect(overdue).toEqual(['Friday Late', 'Saturday Weekend'])
    expect(rowNames((await get(t.desk, '/admin?due=follow-up')).body)).toEqual(['Quoted Callback'])
    // By due date: the soonest follow-up first (a finished lead's included), leads without one last.
    const byDue = rowNames((await get(t.desk, '/admin?sort=due')).body)
    expect(byDue.slice(0, 3)).toEqual(['Won Callback', 'Quoted Callback', 'Later Callback'])
    expect(rowNames((await get(t.desk, '/admin?sort=age')).body)[0]).toMatch(/Callback/)
    expect(rowNames((await get(t.desk, '/admin?sort=received')).body)[0]).toBe('Done0 Contacted')

    // Monday 10:30 becomes overdue at 11:30, and then leads the queue after the weekend's.
    t.clock = new Date('2026-11-23T16:31:00Z')
    expect(rowNames((await get(t.desk, '/admin?due=overdue')).body)).toEqual([
      'Friday Late',
      'Saturday Weekend',
      'Fresh Monday',
    ])
  })

  it('one save logs a call with its outcome, a note, a status and a follow-up, each with who and when', async () => {
    const id = (
      await storeLead(t.db, { fields: person('Ana', 'Ruiz'), receivedAt: new Date('2026-11-23T13:00:00Z') })
    ).id
    const saved = await post(t.desk, `/admin/leads/${id}/work`, {
      channel: 'call',
      outcome: 'voicemail',
      note: 'Left a message about the auto quote',
      status: 'quoted',
      statusWas: 'new',
      lostReason: '',
      followUp: '2026-11-24T10:00',
      followUpWas: '',
      assignee: t.maria.id,
      assigneeWas: '',
    })
    expect(saved.statusCode).toBe(303)
    expect(saved.headers.location).toBe(`/admin/leads/${id}?notice=work#work-notice`)
    const row = await leadRow(id)
    expect(row?.status).toBe('quoted')
    // 10:00 in New York on Tuesday is 15:00 UTC.
    expect(new Date(row?.follow_up_at ?? 0).toISOString()).toBe('2026-11-24T15:00:00.000Z')
    const log = await events(id)
    expect(log.map((event) => [event.kind, event.detail, event.outcome])).toEqual([
      ['contact', 'Left a message about the auto quote', 'voicemail'],
      ['status', 'quoted', null],
      ['follow-up', '2026-11-24T15:00:00.000Z', null],
      ['assignment', 'maria@oakridge-insurance.example', null],
    ])
    for (const event of log) {
      expect(event.staff_email).toBe('desk@oakridge-insurance.example')
      expect(new Date(event.created_at).toISOString()).toBe(t.clock.toISOString())
    }
    // The work log names the member the lead went to (their display name, not the e-mail).
    await t.db.query('UPDATE staff_users SET display_name = $1 WHERE id = $2', ['María Soto', t.maria.id])
    // Where the redirect lands: "Saved." under the Save button, in a status region, with what the
    // save wrote (not the form cleared with nothing said); not at the top of the page.
    const landed = (await get(t.desk, String(saved.headers.location).replace(/#.*/, ''))).body
    const form = landed.slice(
      landed.indexOf('id="work-form"'),
      landed.indexOf('</form>', landed.indexOf('id="work-form"')),
    )
    const notice = form.slice(form.indexOf('>Save</button>'))
    expect(notice).toContain('role="status" id="work-notice"')
    expect(pageText(notice)).toContain('Saved.')
    for (const line of [
      'Call , left a voicemail: Left a message about the auto quote',
      'Status set to Quoted',
      'Follow-up set for Nov 24, 2026, 10:00 AM',
      'Assigned to María Soto',
    ])
      expect(pageText(notice)).toContain(line)
    expect(landed.match(/Saved\./g)).toHaveLength(1)
    // Without a save, the region waits empty and hidden (the page's script writes a refusal there).
    expect((await get(t.desk, `/admin/leads/${id}`)).body).toMatch(
      /id="work-notice" tabindex="-1" hidden=""><\/div>/,
    )
    const html = (await get(t.desk, `/admin/leads/${id}`)).body
    expect(html).toContain('<strong>Assigned</strong> to María Soto')
    expect(html).not.toContain('<strong>Assigned</strong> to maria@')
    const page = pageText(html)
    expect(page).toContain('Call , left a voicemail: Left a message about the auto quote')
    expect(page).toContain('Follow-up set for Nov 24, 2026, 10:00 AM')
    expect(page).toContain('Status set to Quoted')

    // A stale page (status shown as new) does not undo the colleague's quoted: only the note is new.
    const stale = await post(
      t.maria,
      `/admin/leads/${id}/work`,
      {
        channel: '',
        note: 'Spoke to her husband',
        status: 'new',
        statusWas: 'new',
        followUp: '',
        followUpWas: '',
      },
      true,
    )
    expect(stale.statusCode).toBe(200)
    expect(stale.json()).toEqual({ saved: true, notice: 'Saved.', noticeKey: 'work' })
    expect((await leadRow(id))?.status).toBe('quoted')
    expect((await events(id)).at(-1)).toMatchObject({
      kind: 'note',
      staff_email: 'maria@oakridge-insurance.example',
    })
  })

  it('logging an e-mail offers e-mail outcomes (sent, replied), not the phone ones', async () => {
    const id = (
      await storeLead(t.db, { fields: person('Eva', 'Mora'), receivedAt: new Date('2026-11-23T13:00:00Z') })
    ).id
    const form = (await get(t.desk, `/admin/leads/${id}`)).body
    expect(form).toMatch(/name="emailOutcome"[^>]*value="sent"/)
    expect(pageText(form)).toContain('They replied')
    // The phone outcome the form leaves checked (reached) does not count for an e-mail.
    const base = { status: 'new', statusWas: 'new', followUp: '', followUpWas: '' }
    const sent = { channel: 'email', outcome: 'reached', emailOutcome: 'sent', note: 'Sent the quote' }
    expect((await post(t.desk, `/admin/leads/${id}/work`, { ...sent, ...base })).statusCode).toBe(303)
    expect((await leadRow(id))?.status).toBe('new')
    const replied = { channel: 'email', outcome: 'reached', emailOutcome: 'replied', note: 'Wants a call' }
    await post(t.desk, `/admin/leads/${id}/work`, { ...replied, ...base })
    const page = pageText((await get(t.desk, `/admin/leads/${id}`)).body)
    expect(page).toContain('E-mail , sent: Sent the quote')
    expect(page).toContain('E-mail , they replied: Wants a call')
    expect((await leadRow(id))?.status).toBe('contacted')
  })

  it('walks the pipeline: quoted, lost with its reason (refused without), won; retention purges lost, and won only when the agency says so', async () => {
    const id = (
      await storeLead(t.db, {
        fields: person('Cy', 'Ng'),
        receivedAt: new Date('2024-01-02T15:00:00Z'),
        status: 'contacted',
      })
    ).id
    const refused = await post(t.desk, `/admin/leads/${id}/work`, {
      status: 'lost',
      statusWas: 'contacted',
      lostReason: '',
    })
    expect(refused.statusCode).toBe(400)
    expect(pageText(refused.body)).toContain('Choose why the lead was lost')
    expect((await leadRow(id))?.status).toBe('contacted')

    for (const [status, lostReason] of [
      ['quoted', ''],
      ['lost', 'other-agency'],
      ['won', ''],
    ] as const) {
      const previous = (await leadRow(id))?.status ?? ''
      t.clock = new Date(t.clock.getTime() + 60_000)
      const response = await post(t.desk, `/admin/leads/${id}/work`, {
        status,
        statusWas: previous,
        lostReason,
      })
      expect(response.statusCode).toBe(303)
    }
    expect(await leadRow(id)).toMatchObject({ status: 'won', lost_reason: null })
    const statuses = (await events(id))
      .filter((event) => event.kind === 'status')
      .map((event) => event.detail)
    expect(statuses).toEqual(['quoted', 'lost:other-agency', 'won'])
    expect(pageText((await get(t.desk, `/admin/leads/${id}`)).body)).toContain(
      'Status set to Lost (Went with another agency)',
    )

    const lost = (
      await storeLead(t.db, {
        fields: person('Lo', 'St'),
        receivedAt: new Date('2024-01-02T15:00:00Z'),
        status: 'lost',
      })
    ).id
    const quoted = (
      await storeLead(t.db, {
        fields: person('Qu', 'Oted'),
        receivedAt: new Date('2024-01-02T15:00:00Z'),
        status: 'quoted',
      })
    ).id
    expect(await purgeFinishedLeads(t.db, new Date('2025-01-01T00:00:00Z'), { purgeWon: false })).toBe(1)
    expect(await leadRow(lost)).toBeUndefined()
    expect(await leadRow(quoted)).toBeDefined()
    // The won lead is a customer: kept, until RETENTION_WON=purge.
    expect(await leadRow(id)).toBeDefined()
    expect(await purgeFinishedLeads(t.db, new Date('2025-01-01T00:00:00Z'), { purgeWon: true })).toBe(1)
    expect(await leadRow(id)).toBeUndefined()
  })

  it('keeps a note typed when the session ended, through sign-in, and shows it unsaved on the lead', async () => {
    const id = (
      await storeLead(t.db, {
        fields: person('Maria', 'Johnson'),
        receivedAt: new Date('2026-11-23T13:00:00Z'),
      })
    ).id
    await addStaffUser(
      t.db,
      'kim@oakridge-insurance.example',
      'correct horse battery staple',
      'staff',
      null,
      testPasswordCost,
    )
    // The session cookie is gone (ended after two idle hours): the post carries no valid session.
    const expired = await post(
      { cookie: 'staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
      `/admin/leads/${id}/work`,
      {
        channel: 'call',
        outcome: 'reached',
        note: 'Wants the home quote by Friday',
        status: 'contacted',
        statusWas: 'new',
        followUp: '',
        followUpWas: '',
      },
    )
    expect(expired.statusCode).toBe(401)
    expect(pageText(expired.body)).toContain('Your session had ended')
    expect(await events(id)).toEqual([])
    const carried = Object.fromEntries(
      [...expired.body.matchAll(/<input type="hidden" name="(draft_[a-zA-Z]+|next)" value="([^"]*)"/g)].map(
        (m) => [m[1] ?? '', (m[2] ?? '').replace(/&amp;/g, '&')],
      ),
    )
    expect(carried.draft_note).toBe('Wants the home quote by Friday')

    const signIn = await post(undefined, '/admin/login', {
      email: 'kim@oakridge-insurance.example',
      password: 'correct horse battery staple',
      ...carried,
    })
    expect(signIn.statusCode).toBe(303)
    expect(signIn.headers.location).toBe(`/admin/leads/${id}`)
    const cookie = String(signIn.headers['set-cookie']).match(/staff_session=[^;]+/)?.[0] ?? ''
    const page = await get({ cookie }, `/admin/leads/${id}`)
    expect(pageText(page.body)).toContain(
      'Your session had ended; sign in again was needed. Your note is below: press Save.',
    )
    expect(page.body).toMatch(/<textarea[^>]*name="note"[^>]*>Wants the home quote by Friday<\/textarea>/)
    // Shown, not saved: nothing logged until Save, and the draft is shown once.
    expect(await events(id)).toEqual([])
    expect((await get({ cookie }, `/admin/leads/${id}`)).body).not.toContain('Wants the home quote by Friday')
  })

  it('after a sign-in with a two-step code, the inbox sends the staff member back to the drafted lead', async () => {
    const id = (
      await storeLead(t.db, {
        fields: person('Maria', 'Johnson'),
        receivedAt: new Date('2026-11-23T13:00:00Z'),
      })
    ).id
    const kim = await makeStaff(t.db, 'kim@oakridge-insurance.example')
    const { saveDraft } = await import('#server/desk/work-drafts.ts')
    const session = await createSession(t.db, kim.id, t.clock, defaultSessionSettings)
    await saveDraft(t.db, {
      sessionToken: session.token,
      leadId: id,
      fields: { note: 'Call after 5' },
      at: t.clock,
    })
    const inbox = await get({ cookie: `staff_session=${session.token}` }, '/admin')
    expect(inbox.statusCode).toBe(303)
    expect(inbox.headers.location).toBe(`/admin/leads/${id}#work`)
  })

  it('links the same person’s requests by e-mail or phone and marks the repeat in the inbox', async () => {
    const first = (
      await storeLead(t.db, {
        fields: {
          firstName: 'Maria',
          lastName: 'Johnson',
          email: 'Maria.J@Example.com',
          phone: '770-555-0199',
        },
        receivedAt: new Date('2026-11-02T15:00:00Z'),
        status: 'contacted',
      })
    ).id
    const second = (
      await storeLead(t.db, {
        fields: { firstName: 'Maria', lastName: 'Johnson', email: ' maria.j@example.com', phone: '' },
        receivedAt: new Date('2026-11-16T15:00:00Z'),
        status: 'contacted',
      })
    ).id
    const byPhone = (
      await storeLead(t.db, {
        fields: {
          firstName: 'M',
          lastName: 'Johnson',
          email: 'other@example.com',
          phone: '+1 (770) 555-0199',
        },
        receivedAt: new Date('2026-11-20T15:00:00Z'),
        status: 'contacted',
      })
    ).id
    await storeLead(t.db, {
      fields: person('Someone', 'Else'),
      receivedAt: new Date('2026-11-21T15:00:00Z'),
      status: 'contacted',
    })

    const page = pageText((await get(t.desk, `/admin/leads/${first}`)).body)
    expect(page).toContain('Other requests from this person (2)')
    const lead = (await get(t.desk, `/admin/leads/${first}`)).body
    expect(lead).toContain(`/admin/leads/${second}`)
    expect(lead).toContain(`/admin/leads/${byPhone}`)
    // In an order of requests (the work queue lists people: tests/server/queue-by-person.test.ts),
    // each request counts the earlier ones sharing its e-mail or its phone.
    const inbox = (await get(t.desk, '/admin?sort=received')).body.split('<tr')
    expect(pageText(inbox.find((row) => row.includes(byPhone)) ?? '')).toContain('2nd request')
    expect(pageText(inbox.find((row) => row.includes(second)) ?? '')).toContain('2nd request')
    expect(pageText(inbox.find((row) => row.includes(first)) ?? '')).not.toContain('request')
  })

  it('refuses a follow-up out of range or at a time the clocks skip, on the desk form and in the API', async () => {
    const id = (
      await storeLead(t.db, { fields: person('Far', 'Off'), receivedAt: new Date('2026-11-23T13:00:00Z') })
    ).id
    const followUp = (value: string) =>
      post(t.desk, `/admin/leads/${id}/work`, { followUp: value, followUpWas: '' })
    // Now is 11:00 on Monday 23 November 2026 in New York; the range is a day back to five years on.
    for (const [value, message] of [
      ['0001-01-01T10:00', 'A follow-up can be at most a day in the past.'],
      ['2026-11-22T10:59', 'A follow-up can be at most a day in the past.'],
      ['2031-11-23T11:01', 'A follow-up can be at most five years ahead.'],
      ['20266-01-01T10:00', 'Enter the follow-up as a date and a time.'],
      // 14 March 2027: New York's clocks go from 2:00 straight to 3:00.
      [
        '2027-03-14T02:30',
        'That follow-up time does not exist here: the clocks go forward an hour that night. Choose another time.',
      ],
    ]) {
      const refused = await followUp(value ?? '')
      expect(refused.statusCode, value).toBe(400)
      expect(pageText(refused.body)).toContain(message)
      expect((await leadRow(id))?.follow_up_at).toBeNull()
    }
    // Each of these is a Sunday, when the office is closed: taken, and moved to Monday's opening.
    for (const [value, utc] of [
      ['2026-11-22T11:00', '2026-11-23T14:00:00.000Z'],
      ['2027-03-14T03:30', '2027-03-15T13:00:00.000Z'],
      ['2031-11-23T11:00', '2031-11-24T14:00:00.000Z'],
    ]) {
      expect((await followUp(value ?? '')).statusCode, value).toBe(303)
      expect(new Date((await leadRow(id))?.follow_up_at ?? 0).toISOString()).toBe(utc)
    }

    for (const followUpAt of ['0001-01-01T00:00:00Z', '2026-11-22T15:59:00Z', '2031-11-23T16:01:00Z']) {
      const refused = await api('PATCH', `/api/admin/leads/${id}`, { followUpAt })
      expect(refused.statusCode, followUpAt).toBe(400)
      expect(Object.keys(refused.json().fields)).toEqual(['followUpAt'])
    }
    expect(new Date((await leadRow(id))?.follow_up_at ?? 0).toISOString()).toBe('2031-11-24T14:00:00.000Z')
    const kept = await api('PATCH', `/api/admin/leads/${id}`, { followUpAt: '2026-11-22T16:00:00Z' })
    expect(kept.json().lead.followUpAt).toBe('2026-11-23T14:00:00.000Z')
  })

  it('the API logs a contact, a note, a status with its reason, a follow-up and an assignee', async () => {
    const id = (
      await storeLead(t.db, { fields: person('Api', 'Lead'), receivedAt: new Date('2026-11-23T13:00:00Z') })
    ).id
    const contact = await api('POST', `/api/admin/leads/${id}/contacts`, {
      channel: 'call',
      outcome: 'reached',
      note: 'Hi',
    })
    expect(contact.statusCode).toBe(200)
    expect(contact.json().lead).toMatchObject({ status: 'contacted', firstContactAt: t.clock.toISOString() })
    expect((await api('POST', `/api/admin/leads/${id}/notes`, { note: '  ' })).statusCode).toBe(400)
    expect((await api('POST', `/api/admin/leads/${id}/notes`, { note: 'Sent the forms' })).statusCode).toBe(
      200,
    )
    expect((await api('PATCH', `/api/admin/leads/${id}`, { status: 'lost' })).statusCode).toBe(400)
    expect(
      (await api('PATCH', `/api/admin/leads/${id}`, { assignee: 'nobody@example.com' })).statusCode,
    ).toBe(400)
    const patched = await api('PATCH', `/api/admin/leads/${id}`, {
      status: 'lost',
      lostReason: 'price',
      followUpAt: '2026-12-01T09:00:00-05:00',
      assignee: 'maria@oakridge-insurance.example',
    })
    expect(patched.statusCode).toBe(200)
    // Lost is an outcome: nothing is left to follow up, so the follow-up sent with it is not kept.
    expect(patched.json().lead).toMatchObject({
      status: 'lost',
      lostReason: 'price',
      followUpAt: null,
      assignedTo: 'maria@oakridge-insurance.example',
    })
    const reopened = await api('PATCH', `/api/admin/leads/${id}`, {
      status: 'quoted',
      followUpAt: '2026-12-01T09:00:00-05:00',
    })
    expect(reopened.json().lead).toMatchObject({ status: 'quoted', followUpAt: '2026-12-01T14:00:00.000Z' })
    const cleared = await api('PATCH', `/api/admin/leads/${id}`, { followUpAt: null, assignee: null })
    expect(cleared.json().lead).toMatchObject({ followUpAt: null, assignedTo: null })
    const kinds = (await events(id)).map((event) => `${event.kind}:${event.detail}`)
    expect(kinds).toEqual([
      'contact:Hi',
      'status:contacted',
      'note:Sent the forms',
      'status:lost:price',
      'assignment:maria@oakridge-insurance.example',
      'status:quoted',
      'follow-up:2026-12-01T14:00:00.000Z',
      'follow-up:',
      'assignment:',
    ])
    const since = new Date(t.clock.getTime() - hourMs).toISOString()
    const count = await api('GET', `/api/admin/leads/new-count?since=${encodeURIComponent(since)}`)
    expect(count.json()).toEqual({ count: 0, newest: null })
    // A day that does not exist is the caller's mistake (400), not the server's (500).
    for (const impossible of ['2026-02-30T10:00:00Z', '2026-11-26T24:00:00.000001Z'])
      expect(
        (await api('GET', `/api/admin/leads/new-count?since=${encodeURIComponent(impossible)}`)).statusCode,
      ).toBe(400)
    const newer = (
      await storeLead(t.db, {
        fields: person('Newer', 'One'),
        receivedAt: new Date(t.clock.getTime() - 60_000),
      })
    ).id
    expect(
      (await api('GET', `/api/admin/leads/new-count?since=${encodeURIComponent(since)}`)).json().count,
    ).toBe(1)

    // The database's clock keeps microseconds: the inbox's newest lead, so stored, is not newer
    // than the time the page polls from (no "1 new lead" for the lead already on the page).
    await t.db.query(
      `UPDATE leads SET received_at = received_at + interval '456 microseconds' WHERE id = $1`,
      [newer],
    )
    const pollSince = /data-poll-since="([^"]+)"/.exec((await get(t.desk, '/admin')).body)?.[1] ?? ''
    expect(pollSince).toMatch(/\.\d{3}456Z$/)
    const fromPage = await api('GET', `/api/admin/leads/new-count?since=${encodeURIComponent(pollSince)}`)
    expect(fromPage.json()).toEqual({ count: 0, newest: null })
    const fromEarlier = await api('GET', `/api/admin/leads/new-count?since=${encodeURIComponent(since)}`)
    expect(fromEarlier.json()).toEqual({ count: 1, newest: pollSince })
  })

  it('the digest lists the day’s due follow-ups with their phones', async () => {
    await storeLead(t.db, {
      fields: person('Due', 'Today', { phone: '(770) 555-0142' }),
      receivedAt: new Date('2026-11-02T15:00:00Z'),
      status: 'quoted',
      followUpAt: new Date('2026-11-23T20:00:00Z'),
    })
    await storeLead(t.db, {
      fields: person('Due', 'Tomorrow'),
      receivedAt: new Date('2026-11-02T15:00:00Z'),
      status: 'quoted',
      followUpAt: new Date('2026-11-24T15:00:00Z'),
    })
    // Monday 08:00 in New York.
    const digest = await composeDigest(
      t.db,
      '2026-11-23',
      new Date('2026-11-23T13:00:00Z'),
      { deskUrl: 'https://desk.example', timeZone: 'America/New_York' },
      (key) => getFormDefinition(key)?.title ?? key,
    )
    expect(digest.subject).toContain(', 1 follow-up due,')
    const section =
      digest.text.split('Follow-ups due today (1)')[1]?.split('Still new or unassigned')[0] ?? ''
    expect(section).toContain('Due Today · (770) 555-0142')
    expect(section).toContain('follow up Nov 23, 2026, 3:00 PM')
    // Tomorrow's follow-up is not due today (the lead is listed as unassigned, not as due).
    expect(section).not.toContain('Due Tomorrow')
  })
})
