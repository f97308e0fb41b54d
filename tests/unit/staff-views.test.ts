/**
 * The staff views written in .tsx (docs/decisions/044-server-views-in-tsx.md): each page, given
 * a staff or lead name with markup and quotes, prints it as text and as attribute values, never
 * as markup. Their props are checked by the type check; this checks the escaping.
 */
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { load } from 'cheerio'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { defaultSiteSettings } from '#config/site-settings.ts'
import {
  accountPage,
  choosePasswordPage,
  codesExpiredPage,
  newCodesPage,
} from '#server/admin/views/account-page.tsx'
import { apiTokensPage, newTokenPage } from '#server/admin/views/api-tokens-page.tsx'
import { heldPage } from '#server/admin/views/held-notifications-page.tsx'
import { inboxPage } from '#server/admin/views/inbox-page.tsx'
import { leadPage } from '#server/admin/views/lead-page.tsx'
import { loginPage } from '#server/admin/views/login-page.tsx'
import { messagePage } from '#server/admin/views/message-page.tsx'
import { notificationsPage } from '#server/admin/views/notifications-page.tsx'
import { OwnerViewSection } from '#server/admin/views/owner-view.tsx'
import { repliesPage } from '#server/admin/views/replies-page.tsx'
import { sitePage } from '#server/admin/views/site-page.tsx'
import {
  confirmPage,
  confirmRemovePage,
  listPage,
  nameFormPage,
  passwordPage,
} from '#server/admin/views/staff-accounts-page.tsx'
import { codePage, enrolPage, recoveryCodesPage, statusPage } from '#server/admin/views/two-factor-page.tsx'
import { secretPage, webhooksPage } from '#server/admin/views/webhooks-page.tsx'
import { weeklyChart, weekRows } from '#server/admin/views/weekly-chart.tsx'
import { replyTemplateKeys } from '#server/desk/reply-templates.ts'
import { parseLeadFilters } from '#server/leads/lead-filters.ts'
import type { InboxLead } from '#server/leads/lead-queries.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'

/** A name as a stranger could type it: an element, both quotes and an ampersand. */
const hostile = `Ana "Bobby" O'Brien <script>alert('x')</script> & Co`
const hostileEmail = `o'brien+"<b>"@example.com`
const when = new Date('2026-11-20T15:00:00Z')

const owner: StaffSession = {
  tokenHash: 'hash',
  userId: '00000000-0000-4000-8000-000000000001',
  email: hostileEmail,
  displayName: hostile,
  role: 'owner',
  mustChangePassword: false,
  expiresAt: new Date('2026-12-01T00:00:00Z'),
  stage: 'full',
}

const account = {
  id: '00000000-0000-4000-8000-000000000002',
  email: hostileEmail,
  displayName: hostile,
  role: 'staff' as const,
  createdAt: when,
  lastSignInAt: when,
  mustChangePassword: false,
}
const summary = { ...account, activeSessions: 1, twoStepOn: false, openLeads: 2 }

/** A lead whose visitor typed markup and quotes in every field, assigned to a hostile name. */
const lead: InboxLead = {
  id: '00000000-0000-4000-8000-000000000003',
  reference: 'K7M-Q9X',
  formKey: 'contact-message',
  fields: {
    firstName: hostile,
    lastName: hostile,
    email: hostileEmail,
    phone: '7705550100',
    message: hostile,
  },
  language: 'en',
  userAgent: hostile,
  ipHash: null,
  isSpam: false,
  spamReasons: [],
  idempotencyKey: null,
  bodyHash: null,
  source: null,
  receivedAt: when,
  status: 'new',
  assignedTo: account.id,
  firstContactAt: null,
  followUpAt: when,
  lostReason: null,
  deliveryStatus: 'sent',
  assigneeEmail: hostileEmail,
  assigneeName: hostile,
  updatedAt: when.toISOString(),
  earlierRequests: 1,
}

/** The page holds no element the hostile text could have made, and shows the text itself. */
function expectEscaped(page: string, { text = hostile }: { text?: string } = {}): void {
  expect(page).not.toContain('<script>alert')
  expect(page).not.toContain('<b>')
  const $ = load(page)
  expect($('script:not([src])')).toHaveLength(0)
  expect($('b')).toHaveLength(0)
  expect($('body').text()).toContain(text)
}

describe('staff views in .tsx escape what staff and visitors typed', () => {
  it('the sign-in page: the e-mail typed and the next address as attribute values', () => {
    const page = loginPage({ email: hostile, next: `/admin?q="><script>`, carry: { note: hostile } })
    expect(page).not.toContain('<script>alert')
    const $ = load(page)
    expect($('#email').attr('value')).toBe(hostile)
    expect($('input[name="next"]').attr('value')).toBe(`/admin?q="><script>`)
    expect($('input[name="draft_note"]').attr('value')).toBe(hostile)
  })

  it('a message page: its title, its message and the signed-in name', () => {
    expectEscaped(messagePage(hostile, hostile, owner))
    expect(load(messagePage('Not found', hostile, owner))('title').text()).toContain('Not found')
  })

  it('the staff accounts pages: names and e-mails in the list, the audit, the locks and every question', () => {
    const list = listPage({
      owner,
      accounts: [summary],
      audit: [{ actorEmail: hostileEmail, action: 'rename', targetEmail: hostileEmail, at: when }],
      locks: [{ key: 'k', email: hostileEmail, what: hostile, lockedUntil: when }],
      typed: { email: hostileEmail, role: 'staff', name: hostile },
      error: hostile,
    })
    expectEscaped(list)
    expect(load(list)('body').text()).toContain(hostileEmail)
    expectEscaped(passwordPage(owner, { email: hostileEmail, label: hostile, password: 'pw', added: true }))
    expectEscaped(confirmPage(owner, 'password', { ...account, passwordHash: 'x' }))
    expectEscaped(nameFormPage(owner, { ...account, passwordHash: 'x' }, hostile))
    expectEscaped(
      confirmRemovePage(owner, {
        account: { ...account, passwordHash: 'x' },
        openLeads: 2,
        others: [summary],
        error: hostile,
      }),
    )
  })

  it('the held notifications page: decisions by a hostile name, a hostile destination', () => {
    const page = heldPage(owner, {
      held: [
        {
          jobId: '1',
          leadId: '2',
          reference: 'ORI-1',
          formKey: 'contact-message',
          receivedAt: when,
          digestDay: null,
          attempts: 1,
          heldAt: when,
        },
      ],
      decisions: [
        { reference: 'ORI-1', digestDay: null, status: 'pending', decidedBy: hostile, decidedAt: when },
      ],
      heldWebhooks: [
        {
          deliveryId: '3',
          destinationUrl: `https://example.com/?a="><script>alert('x')</script>`,
          type: 'lead.received',
          leadId: '2',
          reference: 'ORI-1',
          occurredAt: when,
          attempts: 0,
        },
      ],
      webhookDecisions: [],
    })
    expectEscaped(page)
  })

  it('the API tokens pages: who made a token, the typed name, a new token', () => {
    const token = {
      id: '1',
      name: 'crm-sync',
      scopes: ['leads:read' as const],
      createdBy: hostile,
      createdAt: when,
      expiresAt: null,
      lastUsedAt: null,
      revokedAt: null,
      revokedBy: null,
    }
    const page = apiTokensPage(owner, [token], when, { error: hostile, typed: { name: hostile } })
    expectEscaped(page)
    expect(load(page)('#token-name').attr('value')).toBe(hostile)
    expectEscaped(newTokenPage(owner, hostile, `tok"<script>`), { text: `tok"<script>` })
  })

  it('the notifications page: the signed-in name and a push service', () => {
    expectEscaped(
      notificationsPage({
        staff: owner,
        publicKey: 'BExample',
        preferences: { newLeads: true, assigned: true, followUps: false, quietHours: false },
        browsers: [{ id: '1', service: hostile, createdAt: when }],
      }),
    )
  })

  it('the reply templates page: a template saved with markup and quotes', () => {
    const templates = Object.fromEntries(
      replyTemplateKeys.map((key) => [
        key,
        {
          en: { subject: hostile, body: hostile, edited: true },
          es: { subject: 'Gracias', body: 'Hola', edited: false },
        },
      ]),
    ) as Parameters<typeof repliesPage>[0]['templates']
    const page = repliesPage({ staffEmail: hostileEmail, staffName: hostile, templates })
    expectEscaped(page)
    expect(load(page)('#vehicle-en-subject').attr('value')).toBe(hostile)
  })

  it('the account pages: the name in its field, an error, the next address, the new codes', () => {
    const page = accountPage({
      staff: owner,
      twoStepOn: true,
      codesLeft: 3,
      notice: hostile,
      error: { form: 'name', text: hostile },
    })
    expectEscaped(page)
    expect(load(page)('#display-name').attr('value')).toBe(hostile)
    expectEscaped(newCodesPage(owner, [hostile]))
    expectEscaped(codesExpiredPage(owner))
    const choose = choosePasswordPage({ staff: owner, next: `/admin?q="><script>`, error: hostile })
    expectEscaped(choose)
    expect(load(choose)('input[name="next"]').attr('value')).toBe(`/admin?q="><script>`)
  })

  it('the two-step sign-in pages: an error, the next address, the codes and the signed-in name', () => {
    const code = codePage({ error: hostile, next: `/admin?q="><script>` })
    expectEscaped(code)
    expect(load(code)('input[name="next"]').attr('value')).toBe(`/admin?q="><script>`)
    expectEscaped(
      enrolPage({
        secret: 'JBSWY3DPEHPK3PXP',
        uri: 'otpauth://totp/x',
        qr: '<svg></svg>',
        required: true,
        staffEmail: hostileEmail,
        staffName: hostile,
        next: `/admin?q="><script>`,
        error: hostile,
      }),
    )
    const codes = recoveryCodesPage([hostile], owner, `/admin?q="><script>`)
    expectEscaped(codes)
    // "Copy the codes" waits hidden for the desk's script, which shows it where there is a clipboard.
    expect(load(codes)('button[data-copy]').attr('hidden')).toBeDefined()
    expectEscaped(statusPage({ enabledAt: when, left: 3 }, owner))
  })

  it('the webhooks pages: a hostile address, who allowed SSN, an answer and the typed address', () => {
    const url = `https://example.com/?a="><script>alert('x')</script>`
    const page = webhooksPage(
      owner,
      {
        destinations: [
          {
            id: '1',
            url,
            formKeys: [],
            lines: [],
            events: [],
            enabled: true,
            sendSensitive: true,
            fromEnvironment: false,
            failingSince: when,
            pausedAt: null,
            createdBy: hostile,
            createdAt: when,
            secretRotatedAt: when,
            previousSecretUntil: when,
          },
        ],
        deliveries: [
          {
            id: '2',
            destinationId: '1',
            destinationUrl: url,
            type: 'lead.received',
            leadId: '3',
            reference: 'ORI-1',
            status: 'failed',
            attempts: 2,
            lastStatusCode: 500,
            lastResponse: hostile,
            createdAt: when,
          },
        ],
        sensitiveSent: [
          {
            leadId: '3',
            reference: null,
            fieldName: 'ssn',
            webhookUrl: url,
            allowedBy: hostile,
            sentAt: when,
          },
        ],
        twoStepOn: false,
        now: when,
      },
      { notice: hostile, error: hostile, typed: { url } },
    )
    expectEscaped(page)
    expect(load(page)('#url').attr('value')).toBe(url)
    // The address and the replay's lead and time are required in the browser too (required="" was not).
    for (const field of ['#url', '#replay-lead', '#replay-since', '#edit-1-url']) {
      expect(load(page)(field).attr('required'), field).toBeDefined()
    }
    expectEscaped(secretPage(owner, url, 'whsec_x', { previousUntil: when }), { text: url })
  })

  it('the site page: the agency, a notice, a testimonial and a team member typed with markup', () => {
    const settings = defaultSiteSettings()
    settings.agency.name = hostile
    settings.notice = { text: { en: hostile, es: hostile }, from: '2026-11-20', until: '2026-11-27' }
    settings.team = [
      { name: hostile, title: { en: hostile, es: hostile }, bio: { en: hostile, es: '' }, photo: null },
    ]
    settings.pageMeta = { '/contact': { en: { title: hostile } } }
    const published = { version: 2, settings, publishedBy: hostile, publishedAt: when, restoredFrom: 1 }
    const page = sitePage(
      owner,
      {
        draft: { settings, baseVersion: 2, updatedBy: hostile, updatedAt: when },
        published,
        history: [published],
        changed: true,
      },
      {
        notice: hostile,
        error: hostile,
        problems: { section: 'facts', problems: [{ path: hostile, message: hostile }] },
      },
    )
    expectEscaped(page)
    expect(load(page)('#site-name').attr('value')).toBe(hostile)
    // The history reads as a sentence: "… published by X on Nov 27, …", not "onNov 27".
    expect(load(page)('.site-history li').first().text()).toMatch(/ on \w{3} \d{1,2}, \d{4}/)
  })

  it('the inbox: a lead, its other request, the assignee and the search typed with markup', () => {
    const { filters, errors } = parseLeadFilters({ q: hostile })
    const page = inboxPage({
      staffEmail: hostileEmail,
      staffName: hostile,
      owner: true,
      filters,
      errors: { ...errors, from: hostile },
      leads: [{ ...lead, personRequests: [{ ...lead, id: '00000000-0000-4000-8000-000000000004' }] }],
      total: 2,
      people: 1,
      page: 1,
      pageSize: 25,
      chart: weekRows('2026-11-16', []),
      speed: [],
      now: when,
      notice: hostile,
      queue: { overdue: 1, followUpsDue: 1, followUpsToday: 1 },
      newest: when.toISOString(),
    })
    expectEscaped(page)
    expect(load(page)('#filter-q').attr('value')).toBe(hostile)
  })

  it("the lead page: the visitor's fields, a note, a revealed value, the draft and the reply", () => {
    const page = leadPage({
      lead: { ...lead, isSpam: true, spamReasons: [hostile] },
      form: undefined,
      sections: [
        {
          legend: hostile,
          fields: [
            {
              name: 'firstName',
              label: hostile,
              display: hostile,
              given: true,
              sensitive: false,
              revealed: false,
            },
            { name: 'ssn', label: hostile, display: hostile, given: true, sensitive: true, revealed: true },
            { name: 'ein', label: hostile, display: '•••', given: true, sensitive: true, revealed: false },
          ],
        },
      ],
      others: [[hostile, hostile]],
      jobs: [],
      reveals: [{ staffEmail: hostileEmail, fieldName: 'ssn', revealedAt: when, webhookUrl: null }],
      events: [
        {
          id: '1',
          kind: 'note',
          channel: null,
          reached: null,
          outcome: null,
          detail: hostile,
          staffEmail: hostileEmail,
          staffName: hostile,
          createdAt: when,
        },
      ],
      staffMembers: [{ id: account.id, email: hostileEmail, displayName: hostile }],
      staffEmail: hostileEmail,
      staffName: hostile,
      viewerId: account.id,
      now: when,
      notice: hostile,
      linked: [
        {
          id: '5',
          reference: 'ORI-1',
          formKey: 'contact-message',
          receivedAt: when,
          status: 'new',
          isSpam: false,
        },
      ],
      draft: { note: hostile },
      error: hostile,
      reply: { subject: hostile, body: hostile },
    })
    expectEscaped(page)
    // A spam lead has no reply buttons; the unsaved note comes back in its field.
    expect(load(page)('#note').text()).toBe(hostile)
  })

  it("the inbox's chart and the owner's view: a staff member's name in the speed table", () => {
    const chart = renderToStaticMarkup(
      weeklyChart(weekRows('2026-11-16', []), { heading: 'chart-heading', summary: 'chart-summary' }),
    )
    expect(load(chart)('svg.chart')).toHaveLength(1)
    const section = renderToStaticMarkup(
      createElement(OwnerViewSection, {
        view: {
          weeks: ['2026-11-16'],
          speed: [{ week: '2026-11-16', staff: hostile, contacted: 1, medianMs: 60_000 }],
          pipeline: [{ week: '2026-11-16', received: 1, notContacted: 0, quoted: 0, won: 0, lost: 1 }],
          lostReasons: [{ reason: hostile, count: 1 }],
        },
      }),
    )
    expectEscaped(`<body>${section}</body>`)
    expect(renderToStaticMarkup(createElement(OwnerViewSection, { view: undefined }))).toBe('')
  })
})

describe('node runs the .tsx views', () => {
  const root = path.join(import.meta.dirname, '..', '..')
  const render = (hooks: boolean) =>
    spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '--eval',
        `${hooks ? "await import('#server/views/tsx-hooks.ts');" : ''}
        const { loginPage } = await import('#server/admin/views/login-page.tsx')
        process.stdout.write(loginPage({ email: 'ana@example.com' }))`,
      ],
      { cwd: root, encoding: 'utf8' },
    )

  it('through the hooks server/main.ts registers first, as the tests render it', () => {
    const run = render(true)
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe(loginPage({ email: 'ana@example.com' }))
  })

  it('and not without them: an entry that imports a view before the hooks fails at once', () => {
    expect(render(false).stderr).toContain('ERR_UNKNOWN_FILE_EXTENSION')
  })
})
