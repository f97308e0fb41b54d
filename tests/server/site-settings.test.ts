/**
 * Site settings (issue: the agency makes the site its own): owners change the draft, publish, and
 * every public page in both languages shows the new facts and none the old; bad values are refused
 * whole with the setting named; a restore publishes an older version again; a restart keeps the
 * version in force; closed days count in the call-back clock; two server processes on one
 * PostgreSQL both show a publish.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { prerenderPaths } from '#app/site/route-table.ts'
import { agency, agencyDefaults, formatPhone } from '#config/agency.ts'
import { callBackBy } from '#config/office-time.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { isOverdue } from '#server/leads/business-hours.ts'
import { policyForHtml } from '#server/security/page-policy.ts'
import { changeDraft, publishDraft } from '#server/site/site-settings.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { type ServerProcess, startServerProcess, waitFor } from './helpers/server-process.ts'
import { useSiteApp } from './helpers/site-app.ts'
import { drivers } from './helpers/test-database.ts'

const oldPhone = formatPhone(agencyDefaults.phone)
const newPhone = '(503) 555-0199'
const publicPages = prerenderPaths().filter((page) => !/\/(404|thank-you)$/.test(page))

describe.each(drivers)('site settings on %s', (driver) => {
  const site = useSiteApp(driver)
  const { api } = site

  it('is for owners only', async () => {
    expect((await api('GET', '/api/admin/site', undefined, site.staff.cookie)).statusCode).toBe(403)
    expect(
      (await api('PATCH', '/api/admin/site', { brandColour: '#000000' }, site.staff.cookie)).statusCode,
    ).toBe(403)
    expect((await api('GET', '/admin/site', undefined, site.staff.cookie)).statusCode).toBe(403)
    const read = await api('GET', '/api/admin/site')
    expect(read.statusCode).toBe(200)
    expect(read.json().draft.agency.phone).toBe(agencyDefaults.phone)
    expect(read.json().version).toBeNull()
  })

  it('refuses each bad value with the setting named, and stores nothing of the change', async () => {
    const cases: [unknown, string][] = [
      [{ agency: { phone: '555-01' } }, 'agency.phone'],
      [
        { agency: { social: { ...agencyDefaults.social, facebook: 'http://facebook.example' } } },
        'agency.social.facebook',
      ],
      [{ agency: { hours: [{ days: ['Mo'], opens: '17:00', closes: '09:00' }] } }, 'agency.hours.0.closes'],
      [
        { notice: { text: { en: 'x'.repeat(121), es: 'Cerrado' }, from: '2026-11-26', until: '2026-11-27' } },
        'notice.text.en',
      ],
      [{ brandColour: '#ffeb3b' }, 'brandColour'],
      [
        { closedDays: [{ from: '2026-11-27', to: '2026-11-26', label: { en: 'x', es: 'x' } }] },
        'closedDays.0.to',
      ],
    ]
    for (const [change, where] of cases) {
      const response = await api('PATCH', '/api/admin/site', {
        ...(change as object),
        carriers: [],
      })
      expect(response.statusCode, where).toBe(400)
      const paths = response.json().problems.map((problem: { path: string }) => problem.path)
      expect(paths, where).toContain(where)
      // the other setting in the same change (an empty carrier list) is refused with it
      expect(paths, where).toContain('carriers')
    }
    const draft = (await api('GET', '/api/admin/site')).json().draft
    expect(draft.agency.phone).toBe(agencyDefaults.phone)
    expect(draft.carriers.length).toBeGreaterThan(0)
  })

  // Each publish renders every page (76): on a loaded machine that takes a while.
  it('publishes a new phone, a closed day and a testimonial to every page in both languages at once', {
    timeout: 120_000,
  }, async () => {
    const change = {
      agency: { phone: newPhone },
      closedDays: [
        {
          from: '2026-11-26',
          to: '2026-11-26',
          label: { en: 'Thanksgiving', es: 'Día de Acción de Gracias' },
        },
      ],
      testimonials: [
        { quote: 'They found us a flood policy in one afternoon.', name: 'Wanda P.', lang: 'en' },
      ],
    }
    const saved = await api('PATCH', '/api/admin/site', change)
    expect(saved.statusCode).toBe(200)
    expect(saved.json().draft.agency.phone).toBe('5035550199')
    // a draft is not public
    expect((await site.app.inject('/contact')).body).toContain(oldPhone)
    const preview = await api('GET', '/admin/site/preview?path=%2Fes%2Fcontact')
    expect(preview.statusCode).toBe(200)
    expect(preview.body).toContain(newPhone)
    expect(preview.headers['content-security-policy']).toBe(policyForHtml(preview.body))

    const published = await api('POST', '/api/admin/site/publish')
    expect(published.statusCode).toBe(200)
    expect(published.json()).toMatchObject({ version: 1, publishedBy: 'owner@agency.example' })

    for (const page of publicPages) {
      const response = await site.app.inject(page)
      expect(response.statusCode, page).toBe(200)
      expect(response.body, page).toContain(newPhone)
      expect(response.body, page).not.toContain(oldPhone)
      // the policy allows exactly the page's own inline scripts and styles
      expect(response.headers['content-security-policy'], page).toBe(policyForHtml(response.body))
    }
    // the structured data search engines read: the phone and the closed day
    for (const page of ['/', '/es', '/contact', '/es/contact']) {
      const body = (await site.app.inject(page)).body
      expect(body, page).toContain('"telephone":"+1-503-555-0199"')
      expect(body, page).toContain('"validFrom":"2026-11-26"')
    }
    for (const page of ['/about/testimonials', '/es/about/testimonials']) {
      const body = (await site.app.inject(page)).body
      expect(body, page).toContain('They found us a flood policy in one afternoon.')
      expect(body, page).not.toContain('Marcus T.')
    }
    // a compressed copy is the same page
    const compressed = await site.app.inject({ url: '/es/contact', headers: { 'accept-encoding': 'br' } })
    expect(compressed.headers['content-encoding']).toBe('br')
    // the 404 page and a refused form post without JavaScript come from the same version
    expect((await site.app.inject('/no-such-page')).body).toContain(newPhone)
    expect(agency.phone).toBe('5035550199')
    // Thanksgiving 9:00 in the office: closed, so the call-back is due Friday at 10:00
    expect(callBackBy(new Date('2026-11-26T14:00:00Z'))?.toISOString()).toBe('2026-11-27T15:00:00.000Z')
    // and the desk does not call that lead overdue until then
    const thanksgivingLead = {
      status: 'new',
      isSpam: false,
      receivedAt: '2026-11-26T14:00:00Z',
      firstContactAt: null,
    }
    expect(isOverdue(thanksgivingLead, new Date('2026-11-26T20:00:00Z'))).toBe(false)
    expect(isOverdue(thanksgivingLead, new Date('2026-11-27T14:59:00Z'))).toBe(false)
    expect(isOverdue(thanksgivingLead, new Date('2026-11-27T15:00:00Z'))).toBe(true)
    // the work is recorded like other owner actions
    const audit = await site.db.query<{ action: string; actor_email: string }>(
      "SELECT action, actor_email FROM staff_audit WHERE action LIKE 'site-%'",
    )
    expect(audit).toEqual([{ action: 'site-publish', actor_email: 'owner@agency.example' }])
  })

  it('saves the desk page’s sections to the draft, names what is wrong, and publishes from the page', {
    timeout: 120_000,
  }, async () => {
    const form = site.deskForm
    const page = await site.app.inject({ url: '/admin/site', headers: { cookie: site.owner.cookie } })
    expect(page.statusCode).toBe(200)
    expect(page.body).toContain('Closed days')
    const refused = await form({
      section: 'notice',
      noticeEn: 'Closed Friday for Thanksgiving',
      noticeEs: 'Cerrado el viernes por Acción de Gracias',
      noticeFrom: '2026-11-28',
      noticeUntil: '2026-11-20',
    })
    expect(refused.statusCode).toBe(400)
    expect(refused.body).toContain('The notice cannot end before it starts.')
    const saved = await form({
      section: 'notice',
      noticeEn: 'Closed Friday for Thanksgiving',
      noticeEs: 'Cerrado el viernes por Acción de Gracias',
      noticeFrom: '2000-01-01',
      noticeUntil: '2100-01-01',
    })
    expect(saved.statusCode).toBe(303)
    expect((await site.app.inject('/es')).body).not.toContain('Cerrado el viernes por Acción de Gracias')
    expect((await form({}, '/admin/site/publish')).statusCode).toBe(303)
    for (const [page, text] of [
      ['/', 'Closed Friday for Thanksgiving'],
      ['/es/contact', 'Cerrado el viernes por Acción de Gracias'],
    ] as const) {
      const body = (await site.app.inject(page)).body
      expect(body, page).toContain(text)
    }
    // staff cannot post to it
    const asStaff = await form({}, '/admin/site/publish', site.staff.cookie)
    expect(asStaff.statusCode).toBe(403)
  })

  it('publishes a new name, address and colour to the manifest, the sitemap and robots.txt too', {
    timeout: 120_000,
  }, async () => {
    const oldSite = agencyDefaults.siteUrl
    const newSite = 'https://www.pinevalley-insurance.example'
    const change = {
      agency: {
        name: 'Pine Valley Insurance',
        shortName: 'Pine Valley',
        siteUrl: newSite,
        mapEmbedUrl: 'https://maps.example.org/embed?q=Bend%2C%20OR',
      },
      brandColour: '#1e3a8a',
    }
    expect((await api('PATCH', '/api/admin/site', change)).statusCode).toBe(200)
    // a draft is not public: the files still say what is in force
    expect((await site.app.inject('/manifest.webmanifest')).json().name).not.toBe('Pine Valley Insurance')
    expect((await api('POST', '/api/admin/site/publish')).statusCode).toBe(200)

    const manifest = await site.app.inject('/manifest.webmanifest')
    expect(manifest.statusCode).toBe(200)
    expect(manifest.headers['content-type']).toContain('application/manifest+json')
    expect(manifest.json()).toMatchObject({
      name: 'Pine Valley Insurance',
      short_name: 'Pine Valley',
      theme_color: '#1e3a8a',
    })
    // the desk's own manifest (an installed desk's window) too
    expect((await site.app.inject('/admin/manifest.webmanifest')).json()).toMatchObject({
      name: 'Pine Valley lead desk',
      theme_color: '#1e3a8a',
    })
    const sitemap = await site.app.inject({ url: '/sitemap.xml', headers: { 'accept-encoding': 'br' } })
    expect(sitemap.headers['content-encoding']).toBe('br')
    const sitemapText = brotliDecompressSync(sitemap.rawPayload).toString()
    for (const page of ['/', '/es', '/contact', '/es/contact', '/es/insurance/vehicle/auto']) {
      expect(sitemapText, page).toContain(`<loc>${newSite}${page === '/' ? '/' : page}</loc>`)
    }
    expect(sitemapText).not.toContain(oldSite)
    const robots = (await site.app.inject('/robots.txt')).body
    expect(robots).toContain(`Sitemap: ${newSite}/sitemap.xml`)
    expect(robots).not.toContain(oldSite)
    // the pages in both languages: the browser's colour, the name, the canonical address, and a
    // policy that frames the new map's origin, not the old one's
    for (const page of ['/', '/es', '/contact', '/es/contact']) {
      const response = await site.app.inject(page)
      const body = response.body
      expect(response.headers['content-security-policy'], page).toBe(policyForHtml(body))
      expect(response.headers['content-security-policy'], page).toContain(
        'frame-src https://maps.example.org ',
      )
      expect(body, page).toContain('<meta name="theme-color" content="#1e3a8a"/>')
      expect(body, page).toContain('Pine Valley Insurance')
      expect(body, page).toContain(`<link rel="canonical" href="${newSite}${page === '/' ? '' : page}`)
      // the site's own address nowhere (the developer's credit may still link its web team)
      expect(body.replaceAll(`href="${agencyDefaults.developerCredit.url}"`, ''), page).not.toContain(
        `${oldSite}`,
      )
    }
    // the 404 page in both languages
    for (const page of ['/no-such-page', '/es/no-such-page']) {
      const response = await site.app.inject(page)
      expect(response.statusCode, page).toBe(404)
      expect(response.body, page).toContain('#1e3a8a')
      expect(response.body, page).toContain(`<link rel="canonical" href="${newSite}/`)
      expect(response.body, page).not.toContain(`href="${oldSite}/`)
    }
  })

  it('keeps the version in force across a restart, and restores an older one in one step', {
    timeout: 180_000,
  }, async () => {
    const leases = path.join(site.siteDir, '.in-use')
    const folders = async () =>
      (await readdir(site.siteDir)).filter((entry) => /^v\d+-/.test(entry) && !entry.includes('.tmp-')).sort()
    const folderOf = async (version: number) =>
      (await folders()).find((entry) => entry.startsWith(`v${version}-`))
    // this process names the folder it serves for the others sharing DATA_DIR, and gives it up
    // when it stops
    const [lease = ''] = await readdir(leases)
    expect(JSON.parse(await readFile(path.join(leases, lease), 'utf8'))).toContain(await folderOf(3))
    const first = await folderOf(1)
    // (no grace, so what may go goes at once)
    await site.restart({ siteFolderTimes: { graceMs: 0, leaseTtlMs: 60_000 } }, async () => {
      expect(await readdir(leases)).toEqual([])
      // another process sharing DATA_DIR still serves version 1's folder
      await writeFile(path.join(leases, 'other-host-1-0000.json'), JSON.stringify([first]))
    })
    expect((await site.app.inject('/')).body).toContain(newPhone)
    // version 2's folder nobody serves any more is gone; the other process's stays
    expect(await folders()).toEqual([first, await folderOf(3)].sort())
    // a second version, then the first again
    expect((await api('PATCH', '/api/admin/site', { agency: { phone: '4045550123' } })).statusCode).toBe(200)
    expect((await api('POST', '/api/admin/site/publish')).json().version).toBe(4)
    expect((await site.app.inject('/es')).body).toContain('(404) 555-0123')
    const restored = await api('POST', '/api/admin/site/versions/1/restore')
    expect(restored.json()).toMatchObject({ version: 5, restoredFrom: 1 })
    for (const page of ['/', '/es', '/contact', '/es/about']) {
      const body = (await site.app.inject(page)).body
      expect(body, page).toContain(newPhone)
      expect(body, page).not.toContain('(404) 555-0123')
    }
    const history = (await api('GET', '/api/admin/site')).json().history
    expect(history.map((version: { version: number }) => version.version)).toEqual([5, 4, 3, 2, 1])
    // kept: the folder served, the one left (a request may still read it), the other process's
    expect((await folders()).map((entry) => entry.split('-')[0])).toEqual(['v1', 'v4', 'v5'])
  })
})

describe('two server processes on one PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>
  let dataDir: string
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    // A copy of the run's migrated database: the servers' first start is not what is tested here.
    scratch = await createScratchDatabase({ template: inject('postgresTemplate') })
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-site-cluster-'))
    for (const name of ['a', 'b']) {
      servers.push(
        await startServerProcess({
          env: {
            DATABASE_URL: scratch.url,
            DATA_DIR: path.join(dataDir, name),
            IP_HASH_SALT: 'site-settings-cluster-salt',
            // one database, one key: a server under another key is refused (decision 037)
            LEAD_ENCRYPTION_KEY: 'ab'.repeat(32),
          },
          timeoutMs: 90_000,
        }),
      )
    }
  }, 200_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('both show a publish made on the database, every page at once', { timeout: 120_000 }, async () => {
    const db = await openPostgresDatabase(scratch.url)
    try {
      expect((await changeDraft(db, 'owner@agency.example', { agency: { phone: '7065550111' } })).ok).toBe(
        true,
      )
      expect((await publishDraft(db, 'owner@agency.example')).ok).toBe(true)
    } finally {
      await db.close()
    }
    // How soon is a benchmark's question (README, "Current figures"); here, that both do, whole.
    for (const server of servers) {
      await waitFor(
        async () => (await (await fetch(`${server.url}/contact`)).text()).includes('(706) 555-0111'),
        { timeoutMs: 60_000, what: `${server.url} to show the new phone` },
      )
    }
    for (const server of servers) {
      for (const page of ['/', '/es/contact', '/insurance/vehicle/auto']) {
        const body = await (await fetch(`${server.url}${page}`)).text()
        expect(body, page).toContain('(706) 555-0111')
        expect(body, page).not.toContain(oldPhone)
      }
    }
  })
})
