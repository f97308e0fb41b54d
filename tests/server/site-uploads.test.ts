/**
 * Images uploaded on the desk for the site (issue: the agency makes the site its own): each upload
 * is checked by its content, its size and its dimensions, stripped of its metadata, stored in the
 * database and made responsive (AVIF and WebP at the build's widths); it joins the draft, goes live
 * on publish, and a restore brings back the images of the version restored. A process with an
 * empty DATA_DIR makes the files from the database.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { agencyDefaults } from '#config/agency.ts'
import { imageWidths, maxUploadBytes } from '#config/site-images.ts'
import type { Database } from '#server/db/database.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { policyForHtml } from '#server/security/page-policy.ts'
import { checkUpload } from '#server/site/site-uploads.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { ownOrigin } from './helpers/requests.ts'
import { useSiteApp } from './helpers/site-app.ts'
import { drivers } from './helpers/test-database.ts'

/** A photo as a phone takes it: JPEG with the camera's make and where it was taken (GPS). */
async function phonePhoto(width = 1000, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3a6b4c' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneCo', Model: 'Snap 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '33/1 45/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '84/1 23/1 0/1',
      },
    })
    .toBuffer()
}

const png = (width: number, height: number, background = '#14532d') =>
  sharp({ create: { width, height, channels: 4, background } })
    .png()
    .toBuffer()

/** The Exif tag that points to the GPS block, in either byte order. */
const hasGpsTag = (exif: Buffer) =>
  exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]))

/** A multipart/form-data body as a browser posts the desk's upload form. */
function multipart(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
  const boundary = '----deskUpload7MA4YWxkTrZu0gW'
  const parts: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    )
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  )
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

describe.each(drivers)('site uploads on %s', (driver) => {
  const site = useSiteApp(driver)
  const { api } = site

  function upload(target: string, data: Buffer, type = 'image/jpeg', query = '', cookie = site.owner.cookie) {
    return site.app.inject({
      method: 'POST',
      url: `/api/admin/site/uploads?target=${encodeURIComponent(target)}${query}`,
      headers: { cookie, origin: ownOrigin, 'content-type': type },
      payload: data,
    })
  }

  function deskUpload(fields: Record<string, string>, file: { name: string; type: string; data: Buffer }) {
    const body = multipart(fields, file)
    return site.app.inject({
      method: 'POST',
      url: '/admin/site/uploads',
      headers: { cookie: site.owner.cookie, origin: ownOrigin, 'content-type': body.contentType },
      payload: body.payload,
    })
  }

  /** The variant URLs a page links for one image (by digest). */
  const linked = (html: string, digest: string) =>
    [...html.matchAll(new RegExp(`/site-images/${digest}-(\\d+)\\.(avif|webp|png)`, 'g'))].map((m) => m[0])

  it('refuses each bad file with the reason, in the desk’s words', async () => {
    const text = Buffer.from('Not a picture at all, just some words someone named photo.png\n')
    const named = await deskUpload({ target: 'team:0' }, { name: 'photo.png', type: 'image/png', data: text })
    expect(named.statusCode).toBe(400)
    expect(named.body).toContain(
      'This file is not an image this site can use: upload a PNG, JPEG, WebP or AVIF file.',
    )

    const small = await deskUpload(
      { target: 'team:0' },
      { name: 'owner.png', type: 'image/png', data: await png(100, 100) },
    )
    expect(small.statusCode).toBe(400)
    expect(small.body).toContain('The photo is 100 × 100 pixels: it must be at least 240 × 240')

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    const vector = await deskUpload({ target: 'logo' }, { name: 'logo.png', type: 'image/png', data: svg })
    expect(vector.statusCode).toBe(400)
    expect(vector.body).toContain('SVG files are not accepted')

    // over the byte limit but within the form's: the size said in MB
    const heavy = Buffer.concat([await phonePhoto(), Buffer.alloc(maxUploadBytes)])
    const tooBig = await deskUpload(
      { target: 'team:0' },
      { name: 'big.jpg', type: 'image/jpeg', data: heavy },
    )
    expect(tooBig.statusCode).toBe(400)
    expect(tooBig.body).toMatch(/The file is 5\.\d MB: upload an image of at most 5 MB\./)
    // beyond the form's limit: refused before it is read, still on the desk's page
    const huge = await deskUpload(
      { target: 'team:0' },
      { name: 'huge.jpg', type: 'image/jpeg', data: Buffer.alloc(3 * maxUploadBytes) },
    )
    expect(huge.statusCode).toBe(413)
    expect(huge.body).toContain('upload an image of at most 5 MB')

    const tooLarge = await checkUpload(await png(9000, 300), 'logo')
    expect(tooLarge).toEqual({
      ok: false,
      reason:
        'The logo is 9000 × 300 pixels: it may be at most 4000 × 4000. Make it smaller and upload it again.',
    })
    const notSquare = await checkUpload(await png(400, 200), 'favicon')
    expect(notSquare.ok ? '' : notSquare.reason).toBe('The favicon is 400 × 200 pixels: it must be square.')
    const gif = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#000' } })
      .gif()
      .toBuffer()
    const refusedGif = await checkUpload(gif, 'photo')
    expect(refusedGif.ok ? '' : refusedGif.reason).toBe(
      'This is a GIF image: upload a PNG, JPEG, WebP or AVIF file.',
    )

    // nothing was stored, and the draft has no image
    expect(await site.db.query('SELECT id FROM site_uploads')).toEqual([])
    // staff, and a post from another site, cannot upload
    expect((await upload('logo', await png(400, 100), 'image/png', '', site.staff.cookie)).statusCode).toBe(
      403,
    )
    const foreign = await site.app.inject({
      method: 'POST',
      url: '/api/admin/site/uploads?target=logo',
      headers: { cookie: site.owner.cookie, origin: 'https://evil.example', 'content-type': 'image/png' },
      payload: await png(400, 100),
    })
    expect(foreign.statusCode).toBe(403)
  })

  it('strips a phone photo’s metadata and serves AVIF and WebP at the build’s widths', {
    timeout: 60_000,
  }, async () => {
    const original = await phonePhoto()
    const input = await sharp(original).metadata()
    expect(input.exif && hasGpsTag(input.exif)).toBe(true)

    // the desk's form, without JavaScript: a plain multipart post, then back to the page
    const posted = await deskUpload(
      { target: 'team:0', altEn: 'Daniela at her desk', altEs: 'Daniela en su escritorio' },
      { name: 'IMG_0042.JPG', type: 'image/jpeg', data: original },
    )
    expect(posted.statusCode).toBe(303)
    expect(posted.headers.location).toContain('notice=uploaded')
    const draft = (await api('GET', '/api/admin/site')).json().draft
    const photo = draft.team[0].photo
    expect(photo).toMatchObject({ kind: 'photo', width: 1000, height: 800 })
    expect(draft.team[0].name).toBe(agencyDefaults.owner.name)

    const [stored] = await site.db.query<{ bytes: Uint8Array; digest: string }>(
      'SELECT bytes, digest FROM site_uploads WHERE id = $1',
      [photo.id],
    )
    const storedBytes = Buffer.from(stored?.bytes ?? [])
    expect(stored?.digest).toBe(photo.digest)
    const storedMeta = await sharp(storedBytes).metadata()
    expect(storedMeta.exif).toBeUndefined()
    expect(storedBytes.includes(Buffer.from('PhoneCo'))).toBe(false)

    // every variant the pages will link, each without metadata, at its width
    for (const width of imageWidths.photo) {
      for (const format of ['avif', 'webp'] as const) {
        const response = await site.app.inject(`/site-images/${photo.digest}-${width}.${format}`)
        expect(response.statusCode, `${width}.${format}`).toBe(200)
        expect(response.headers['content-type']).toBe(`image/${format}`)
        expect(response.headers['cache-control']).toContain('immutable')
        const meta = await sharp(response.rawPayload).metadata()
        expect(meta.format).toBe(format === 'avif' ? 'heif' : 'webp')
        expect(meta.width).toBe(width)
        expect(meta.height).toBe(Math.round((800 * width) / 1000))
        expect(meta.exif).toBeUndefined()
        expect(meta.xmp).toBeUndefined()
        expect(response.rawPayload.includes(Buffer.from('PhoneCo'))).toBe(false)
      }
    }
    // no width the build does not make, and no other name
    expect((await site.app.inject(`/site-images/${photo.digest}-1000.webp`)).statusCode).toBe(404)
    expect((await site.app.inject(`/site-images/${'0'.repeat(64)}-240.webp`)).statusCode).toBe(404)
  })

  it('publishes the logo, favicon, photo and a carrier’s logo, and a restore brings back the old', {
    timeout: 180_000,
  }, async () => {
    // version 1: the owner's photo (uploaded above) and a first logo
    const first = await upload(
      'logo',
      await png(600, 150, '#14532d'),
      'image/png',
      '&altEn=Oak%20Ridge&altEs=Oak%20Ridge',
    )
    expect(first.statusCode).toBe(201)
    const firstLogo = first.json().image
    expect((await api('POST', '/api/admin/site/publish')).json().version).toBe(1)
    const draftPhoto = (await api('GET', '/api/admin/site')).json().draft.team[0].photo

    for (const page of ['/', '/es', '/about', '/es/about', '/contact']) {
      const response = await site.app.inject(page)
      const body = response.body
      expect(linked(body, firstLogo.digest).length, page).toBeGreaterThan(0)
      expect(body, page).toContain('class="brand__logo"')
      expect(response.headers['content-security-policy'], page).toBe(policyForHtml(body))
    }
    for (const [page, alt] of [
      ['/about', 'Daniela at her desk'],
      ['/es/about', 'Daniela en su escritorio'],
    ] as const) {
      const body = (await site.app.inject(page)).body
      expect(body, page).toContain(`alt="${alt}"`)
      expect(body, page).toMatch(/<picture><source type="image\/avif" srcSet="[^"]*-240\.avif 240w/)
      expect(body, page).toMatch(/<img[^>]* width="720" height="576"/)
      expect(linked(body, draftPhoto.digest).length, page).toBe(7)
    }
    // the variants of the version were made when it was rendered, before any request for them
    expect(existsSync(path.join(site.siteDir, 'images', `${firstLogo.digest}-200.avif`))).toBe(true)

    // version 2: another logo, a favicon and Progressive's logo
    const secondLogo = (await upload('logo', await png(800, 200, '#7c2d12'), 'image/png')).json().image
    const favicon = (await upload('favicon', await png(256, 256, '#7c2d12'), 'image/png')).json().image
    const carriers = (await api('GET', '/api/admin/site')).json().draft.carriers
    const index = carriers.findIndex((carrier: { name: string }) => carrier.name === 'Progressive')
    const carrierLogo = await upload(`carrier:${index}`, await png(420, 120, '#0b3d91'), 'image/webp')
    expect(carrierLogo.statusCode).toBe(201)
    const carrierImage = carrierLogo.json().image
    // a draft is not public
    expect(linked((await site.app.inject('/')).body, secondLogo.digest)).toEqual([])
    expect((await api('POST', '/api/admin/site/publish')).json().version).toBe(2)

    for (const page of ['/', '/es', '/insurance-carriers', '/es/insurance-carriers']) {
      const body = (await site.app.inject(page)).body
      expect(linked(body, secondLogo.digest).length, page).toBeGreaterThan(0)
      expect(linked(body, firstLogo.digest), page).toEqual([])
      expect(body, page).toContain(`<link rel="icon" href="/site-images/${favicon.digest}-48.png"`)
      expect(body, page).toContain(`href="/site-images/${favicon.digest}-180.png"`)
    }
    // search engines read the logo from the structured data
    expect((await site.app.inject('/es')).body).toContain(
      `"logo":"${agencyDefaults.siteUrl}/site-images/${secondLogo.digest}-600.webp"`,
    )
    for (const page of ['/insurance-carriers', '/es/insurance-carriers']) {
      const body = (await site.app.inject(page)).body
      expect(body, page).toMatch(/<img[^>]*alt="Progressive"[^>]*class="carrier-logo"/)
      expect(linked(body, carrierImage.digest).length, page).toBeGreaterThan(0)
      // the carriers without a logo keep their wordmark
      expect(body, page).toContain('<span class="wordmark">Travelers</span>')
    }
    const icon = await site.app.inject(`/site-images/${favicon.digest}-48.png`)
    expect(icon.headers['content-type']).toBe('image/png')
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(48)

    // restore version 1: the first logo, the build's favicon and Progressive's wordmark again
    const restored = await api('POST', '/api/admin/site/versions/1/restore')
    expect(restored.json()).toMatchObject({ version: 3, restoredFrom: 1 })
    for (const page of ['/', '/es/insurance-carriers']) {
      const body = (await site.app.inject(page)).body
      expect(linked(body, firstLogo.digest).length, page).toBeGreaterThan(0)
      expect(linked(body, secondLogo.digest), page).toEqual([])
      expect(linked(body, carrierImage.digest), page).toEqual([])
      expect(body, page).toContain('href="/favicon-48.png"')
    }
    expect((await site.app.inject('/es/insurance-carriers')).body).toContain(
      '<span class="wordmark">Progressive</span>',
    )
  })

  it('another process with an empty DATA_DIR serves the version’s images from the database', {
    timeout: 120_000,
  }, async () => {
    const otherDir = await mkdtemp(path.join(tmpdir(), 'agency-uploads-other-'))
    const other = await site.open({ siteDir: otherDir })
    try {
      await other.ready()
      const body = (await other.inject('/about')).body
      const urls = [...body.matchAll(/\/site-images\/[0-9a-f]{64}-\d+\.(?:avif|webp)/g)].map((m) => m[0])
      expect(urls.length).toBeGreaterThan(7)
      for (const url of urls) expect((await other.inject(url)).statusCode, url).toBe(200)
    } finally {
      await other.close()
      await rm(otherDir, { recursive: true, force: true })
      await site.restart()
    }
  })

  it('a restored backup of the database brings the images back to a fresh DATA_DIR', {
    timeout: 120_000,
  }, async () => {
    const restoredRoot = await mkdtemp(path.join(tmpdir(), 'agency-uploads-restored-'))
    let restored: Database
    let scratch: Awaited<ReturnType<typeof createScratchDatabase>> | undefined
    if (driver === 'pglite') {
      const snapshot = await site.db.snapshot?.()
      if (!snapshot) throw new Error('the embedded database takes no snapshot')
      // as scripts/restore.ts loads an embedded backup
      const loaded = await PGlite.create({ dataDir: path.join(restoredRoot, 'db'), loadDataDir: snapshot })
      await loaded.close()
      restored = await openPgliteDatabase(path.join(restoredRoot, 'db'))
    } else {
      // as npm run backup and restore do for PostgreSQL: pg_dump's custom format into pg_restore
      const file = path.join(restoredRoot, 'backup.dump')
      const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, site.location])
      expect(dump.status, String(dump.stderr)).toBe(0)
      scratch = await createScratchDatabase()
      const load = spawnSync('pg_restore', ['--no-owner', `--dbname=${scratch.url}`, file])
      expect(load.status, String(load.stderr)).toBe(0)
      restored = await openPostgresDatabase(scratch.url)
    }
    const other = await site.open({ db: restored, siteDir: path.join(restoredRoot, 'site') })
    try {
      await other.ready()
      const body = (await other.inject('/')).body
      const urls = [...body.matchAll(/\/site-images\/[0-9a-f]{64}-\d+\.(?:avif|webp|png)/g)].map((m) => m[0])
      expect(urls.length).toBeGreaterThan(0)
      for (const url of urls) expect((await other.inject(url)).statusCode, url).toBe(200)
    } finally {
      await other.close()
      await restored.close()
      await scratch?.drop()
      await rm(restoredRoot, { recursive: true, force: true })
      await site.restart()
    }
  })

  it('lists the team on the about page from the desk’s form, the owner named once', {
    timeout: 120_000,
  }, async () => {
    const form = site.deskForm
    const page = await site.app.inject({ url: '/admin/site', headers: { cookie: site.owner.cookie } })
    expect(page.body).toContain('The owner and the team')
    expect(page.body).toMatch(/<form[^>]*enctype="multipart\/form-data"/i)
    const saved = await form({
      section: 'team',
      'p0-order': '1',
      'p0-name': 'Daniela Ramírez-Soto',
      'p0-titleEn': agencyDefaults.owner.title.en,
      'p0-titleEs': agencyDefaults.owner.title.es,
      'p0-bioEn': '',
      'p0-bioEs': '',
      'p1-order': '3',
      'p1-name': 'Luis Herrera',
      'p1-titleEn': 'Account Manager',
      'p1-titleEs': 'Gerente de cuentas',
      'p1-bioEn': 'Luis helps families with auto and home policies.',
      'p1-bioEs': 'Luis ayuda a las familias con pólizas de auto y hogar.',
      'p2-order': '2',
      'p2-name': 'Ana Ortiz',
      'p2-titleEn': 'Customer Service',
      'p2-titleEs': 'Servicio al cliente',
      'p2-bioEn': '',
      'p2-bioEs': '',
      'p2-hidden': 'yes',
    })
    expect(saved.statusCode).toBe(303)
    const draft = (await api('GET', '/api/admin/site')).json().draft
    // the owner's name follows to the facts, and the photo stays
    expect(draft.agency.owner.name).toBe('Daniela Ramírez-Soto')
    expect(draft.team.map((member: { name: string }) => member.name)).toEqual([
      'Daniela Ramírez-Soto',
      'Ana Ortiz',
      'Luis Herrera',
    ])
    expect(draft.team[0].photo?.kind).toBe('photo')
    expect((await form({}, '/admin/site/publish')).statusCode).toBe(303)
    for (const [path, heading, title, bio] of [
      ['/about', 'Our team', 'Account Manager', 'Luis helps families with auto and home policies.'],
      [
        '/es/about',
        'Nuestro equipo',
        'Gerente de cuentas',
        'Luis ayuda a las familias con pólizas de auto y hogar.',
      ],
    ] as const) {
      const response = await site.app.inject(path)
      const body = response.body
      expect(body, path).toContain(heading)
      expect(body, path).toContain('<h3>Luis Herrera</h3>')
      expect(body, path).toContain(title)
      expect(body, path).toContain(bio)
      expect(body, path).not.toContain('Ana Ortiz')
      expect(body, path).toContain('Daniela Ramírez-Soto')
      expect(response.headers['content-security-policy'], path).toBe(policyForHtml(body))
    }
    // the home page has no team list
    expect((await site.app.inject('/')).body).not.toContain('Luis Herrera')
  })

  it('refuses a draft that names an image never uploaded', async () => {
    const fake = {
      id: 'abcdefghijklmnopqrstuv',
      digest: 'a'.repeat(64),
      kind: 'logo',
      width: 400,
      height: 100,
      alt: { en: '', es: '' },
    }
    const refused = await api('PATCH', '/api/admin/site', { logo: fake })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().problems).toEqual([
      {
        path: 'logo',
        message:
          'This image was never uploaded here: upload it on the desk (/admin/site) or with POST /api/admin/site/uploads.',
      },
    ])
  })
})
