/**
 * Forms posted by the browser itself (no JavaScript): application/x-www-form-urlencoded through the
 * same pipeline as the island's JSON, answered with pages. Runs against the real build (npm test
 * builds first), on both databases.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { load } from 'cheerio'
import { beforeAll, describe, expect, it } from 'vitest'
import { callBackSentence } from '#content/call-back.ts'
import { formUiCopy } from '#content/form-ui.ts'
import { allFields } from '#forms/engine.ts'
import { formDefinitions } from '#forms/registry.ts'
import { buildApp } from '#server/app.ts'
import { loadFormPages } from '#server/no-js/form-pages.ts'
import { decryptValue } from '#server/security/sensitive-fields.ts'
import { expectedStoredFields, registeredForm, validPayload } from './helpers/form-payloads.ts'
import { pageText } from './helpers/page-text.ts'
import { injectForm } from './helpers/requests.ts'
import { testAppOptions, useTestApp } from './helpers/test-app.ts'
import { featureDrivers, testEncryptionKey, useTestDatabase } from './helpers/test-database.ts'

const clientDir = path.join(import.meta.dirname, '..', '..', 'build', 'client')
const today = new Date()
const salt = 'no-js-tests-salt-0123456789'

function encoded(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString()
}

describe.each(featureDrivers)('forms posted without JavaScript on %s', (driver) => {
  beforeAll(() => {
    if (!existsSync(path.join(clientDir, 'contact', 'index.html'))) {
      throw new Error('These tests read the built site: run `npm run build` first.')
    }
  })
  const t = useTestApp(driver, { ipHashSalt: salt, clientDir, now: () => today })

  function post(
    formKey: string,
    body: string,
    { lang, referer, remoteAddress }: { lang?: string; referer?: string; remoteAddress?: string } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: `/api/forms/${formKey}${lang ? `?lang=${lang}` : ''}`,
      remoteAddress,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(referer ? { referer: `http://localhost${referer}` } : {}),
      },
      payload: body,
    })
  }

  async function leadByReference(reference: string) {
    const rows = await t.db.query<{
      form_key: string
      fields: Record<string, string>
      language: string
      is_spam: boolean
      jobs: number
    }>(
      `SELECT form_key, fields, language, is_spam,
              (SELECT count(*)::int FROM delivery_jobs j WHERE j.lead_id = leads.id) AS jobs
         FROM leads WHERE reference = $1`,
      [reference],
    )
    return rows
  }

  it.each(formDefinitions.map((definition) => [definition.key, definition] as const))(
    '%s: a valid post is stored like the JSON one, queued for the agency, and answered 303 to the thank-you page',
    async (_key, definition) => {
      const response = await post(definition.key, encoded(validPayload(definition, today)), {
        remoteAddress: `192.0.2.${formDefinitions.indexOf(definition) + 1}`,
      })
      expect(response.statusCode).toBe(303)
      const reference = String(response.headers['lead-reference'])
      expect(response.headers.location).toBe(`/thank-you?ref=${reference}&form=${definition.key}`)
      const [lead, ...others] = await leadByReference(reference)
      expect(others).toHaveLength(0)
      expect(lead).toMatchObject({ form_key: definition.key, language: 'en', is_spam: false, jobs: 1 })
      const stored = Object.fromEntries(
        Object.entries(lead?.fields ?? {}).map(([name, value]) => [
          name,
          value.startsWith('enc:') ? decryptValue(value, testEncryptionKey) : value,
        ]),
      )
      expect(stored).toEqual(expectedStoredFields(definition, today))
    },
  )

  it('sends the Spanish thank-you page, with the reference in it', async () => {
    const response = await post(
      'contact-message',
      encoded({ ...validPayload(registeredForm('contact-message'), today), msg: 'Hola, llámenme.' }),
      {
        lang: 'es',
        remoteAddress: '192.0.2.101',
      },
    )
    expect(response.statusCode).toBe(303)
    const reference = String(response.headers['lead-reference'])
    expect(response.headers.location).toBe(`/es/thank-you?ref=${reference}&form=contact-message`)
    expect((await leadByReference(reference))[0]?.language).toBe('es')
    const page = await t.app.inject({ method: 'GET', url: String(response.headers.location) })
    expect(page.statusCode).toBe(200)
    expect(page.headers['cache-control']).toBe('no-store')
    expect(pageText(page.body)).toContain('¡Mensaje enviado con éxito!')
    expect(pageText(page.body)).toMatch(new RegExp(`Su referencia ?: ?${reference}`))
    // The one call-back promise, counted from the post: the dialog's and the e-mail's sentence.
    expect(pageText(page.body)).toContain(pageText(callBackSentence(today, 'es')))
    expect(pageText(page.body)).not.toContain('día hábil')
    // A reference that is not one is never written into the page.
    const forged = await t.app.inject({
      method: 'GET',
      url: '/thank-you?ref=%3Cscript%3Ealert(1)%3C/script%3E',
    })
    expect(forged.body).not.toContain('<script>alert(1)')
  })

  it('answers a form posted to its own page (the action pages without JavaScript use) at that page, in its language', async () => {
    const quote = registeredForm('quote-request')
    const toPage = (url: string, body: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url,
        remoteAddress,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      })
    // Stored: the thank-you page in the page's language, for the form the page holds.
    const sent = await toPage(
      '/es/insurance/property/home',
      encoded(validPayload(quote, today)),
      '192.0.2.110',
    )
    expect(sent.statusCode).toBe(303)
    const reference = String(sent.headers['lead-reference'])
    expect(sent.headers.location).toBe(`/es/thank-you?ref=${reference}&form=quote-request`)
    expect((await leadByReference(reference))[0]).toMatchObject({ form_key: 'quote-request', language: 'es' })
    // Refused: the same page (the home-insurance page, not another page sharing the form) with the errors.
    const refused = await toPage(
      '/es/insurance/property/home',
      encoded({ ...validPayload(quote, today), email: 'ana@localhost' }),
      '192.0.2.111',
    )
    expect(refused.statusCode).toBe(400)
    expect(refused.headers['content-type']).toContain('text/html')
    expect(refused.body).toContain('<html lang="es"')
    expect(refused.body).toContain('action="/es/insurance/property/home"')
    expect(pageText(refused.body)).toContain('Hay un problema')
    const english = await toPage('/contact', encoded({ name: 'Ana' }), '192.0.2.112')
    expect(english.statusCode).toBe(400)
    expect(english.body).toContain('action="/contact"')
    expect(pageText(english.body)).toContain('There is a problem')
    // A page without a form takes no post.
    expect((await toPage('/about', encoded({ name: 'Ana' }), '192.0.2.113')).statusCode).toBe(404)
  })

  it('tells a testimonial sender what happens instead of promising a call', async () => {
    const form = registeredForm('new-testimonial')
    const response = await post(form.key, encoded(validPayload(form, today)), {
      remoteAddress: '192.0.2.103',
    })
    expect(response.statusCode).toBe(303)
    const page = await t.app.inject({ method: 'GET', url: String(response.headers.location) })
    expect(pageText(page.body)).toContain(formUiCopy.en.testimonialNext)
    expect(pageText(page.body)).not.toContain(pageText(callBackSentence(today, 'en')))
  })

  it('stores one lead when the same form is posted twice (a double tap, a reload)', async () => {
    const body = encoded({
      ...validPayload(registeredForm('contact-message'), today),
      msg: `Twice ${driver}`,
    })
    const first = await post('contact-message', body, { remoteAddress: '192.0.2.102' })
    const second = await post('contact-message', body, { remoteAddress: '192.0.2.102' })
    expect(second.statusCode).toBe(303)
    expect(second.headers['lead-reference']).toBe(first.headers['lead-reference'])
    expect(await leadByReference(String(first.headers['lead-reference']))).toHaveLength(1)
  })

  it('ticked checkbox groups and empty optional fields mean the same as in JSON', async () => {
    const business = registeredForm('business-quote')
    const flags = allFields(business).filter((field) => field.kind === 'checkbox')
    expect(flags.length).toBeGreaterThan(0)
    const payload = { ...validPayload(business, today) }
    for (const [index, flag] of flags.entries()) {
      if (index % 2 === 1) delete payload[flag.name]
    }
    const optional = allFields(business).find(
      (field) => !field.required && field.kind === 'text' && !field.honeypot,
    )
    if (optional) payload[optional.name] = ''
    const response = await post('business-quote', encoded(payload), { remoteAddress: '192.0.2.103' })
    expect(response.statusCode).toBe(303)
    const [lead] = await leadByReference(String(response.headers['lead-reference']))
    for (const [index, flag] of flags.entries()) {
      expect(lead?.fields[flag.name], flag.name).toBe(index % 2 === 1 ? undefined : 'true')
    }
    if (optional) expect(lead?.fields).not.toHaveProperty(optional.name)
  })

  it('an invalid post comes back as its page: answers kept, errors beside the fields and summed up on top', async () => {
    const before = await t.db.query('SELECT 1 FROM leads')
    const typed = {
      ...validPayload(registeredForm('contact-message'), today),
      email: 'not an address',
      msg: 'Keep this text',
    }
    const response = await post('contact-message', encoded(typed), { referer: '/contact' })
    expect(response.statusCode).toBe(400)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['content-security-policy']).toContain("form-action 'self'")
    const html = response.body
    expect(html).toContain('value="not an address"')
    expect(html).toContain('Keep this text</textarea>')
    expect(html).toMatch(/<div class="error-summary"[^>]*autofocus=""[^>]*><div role="alert">/)
    expect(pageText(html)).toContain('There is a problem')
    expect(html).toMatch(/aria-invalid="true"[^>]*|id="lf-contact-message-email"[^>]*aria-invalid="true"/)
    expect(pageText(html)).toMatch(/E-mail.*: Enter a valid e-mail address/)
    expect(html).not.toContain('data-lead-form-island')
    expect(await t.db.query('SELECT 1 FROM leads')).toHaveLength(before.length)
  })

  it('a long form sent back keeps every answer, each summary link reaches its field, and the page policy allows its inline code', async () => {
    const business = registeredForm('business-quote')
    const typed: Record<string, string> = {
      ...validPayload(business, today),
      email: 'nope',
      yearsInBusiness: '900',
    }
    const response = await post('business-quote', encoded(typed), { referer: '/insurance/business' })
    expect(response.statusCode).toBe(400)
    const $ = load(response.body)
    const formElement = $('form[data-form-key="business-quote"]')
    for (const field of allFields(business)) {
      const value = typed[field.name]
      if (value === undefined || field.sensitive || (field.kind === 'text' && field.honeypot)) continue
      const control = formElement.find(`[name="${field.name}"]`)
      if (field.kind === 'radio') expect(control.filter(':checked').val(), field.name).toBe(value)
      else if (field.kind === 'checkbox') expect(control.is(':checked'), field.name).toBe(value === 'true')
      else expect(control.val(), field.name).toBe(value)
    }
    // One summary, focused as the page loads, whose links lead to the fields in error.
    const summary = $('.error-summary')
    expect(summary).toHaveLength(1)
    expect(summary.is('[autofocus]')).toBe(true)
    const targets = summary
      .find('a')
      .map((_, link) => $(link).attr('href'))
      .get()
    expect(targets.length).toBeGreaterThanOrEqual(2)
    for (const target of targets) {
      const control = $(target)
      expect(control.attr('aria-invalid'), target).toBe('true')
      expect(
        $(`#${control.attr('aria-describedby')?.split(' ').at(-1)}`).hasClass('field__error'),
        target,
      ).toBe(true)
    }
    // Every inline script and style of the page is allowed by its hash.
    const policy = String(response.headers['content-security-policy'])
    for (const element of $('script:not([src]), style').toArray()) {
      const hash = createHash('sha256')
        .update($(element).html() ?? '', 'utf8')
        .digest('base64')
      expect(policy).toContain(`'sha256-${hash}'`)
    }
  })

  it('answers a Spanish page in Spanish, and never sends an SSN back', async () => {
    const workers = registeredForm('workers-comp-quote')
    const typed = { ...validPayload(workers, today), email: 'mal', ssn1: '123456789' }
    const response = await post('workers-comp-quote', encoded(typed), { lang: 'es' })
    expect(response.statusCode).toBe(400)
    expect(response.body).toContain('<html lang="es"')
    expect(pageText(response.body)).toContain('Hay un problema')
    expect(pageText(response.body)).toContain('Escriba un correo electrónico válido')
    expect(response.body).not.toContain('123456789')
    expect(pageText(response.body)).toContain('Por su seguridad no guardamos este número')
  })

  it('refuses anything but JSON and form posts with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-message',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    })
    expect(response.statusCode).toBe(415)
  })
})

describe('a form posted without JavaScript past the rate limit', () => {
  const test = useTestDatabase('pglite')

  it('gets a page in its language that says when to try again and offers the phone', async () => {
    const app = await buildApp(
      testAppOptions(test.db, {
        ipHashSalt: salt,
        submitRateLimit: { max: 1, windowMs: 120_000 },
        clientDir,
      }),
    )
    try {
      const send = (msg: string) =>
        injectForm(
          app,
          '/api/forms/contact-message?lang=es',
          { ...validPayload(registeredForm('contact-message'), today), msg },
          { origin: null },
        )
      expect((await send('uno')).statusCode).toBe(303)
      const limited = await send('dos')
      expect(limited.statusCode).toBe(429)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expect(limited.headers['content-type']).toMatch(/^text\/html/)
      expect(pageText(limited.body)).toContain('Inténtelo de nuevo en 2 minutos')
      expect(limited.body).toContain('href="tel:+1')
    } finally {
      await app.close()
    }
  })
})

describe('the built site', () => {
  it('can send back every form on every page that carries it, in both languages, with its errors', async () => {
    const pages = await loadFormPages(clientDir, new Map())
    for (const definition of formDefinitions) {
      const [first] = allFields(definition).filter((field) => field.required && !field.sensitive)
      if (!first) continue
      for (const locale of ['en', 'es'] as const) {
        for (const page of definition.pages) {
          const refererPath = locale === 'es' ? (page === '/' ? '/es' : `/es${page}`) : page
          const answer = await pages.invalidForm({
            form: definition,
            locale,
            pagePath: refererPath,
            values: { [first.name]: 'kept <b>as typed</b>' },
            errors: { [first.name]: 'Missing' },
          })
          const where = `${definition.key} on ${refererPath}`
          expect(answer, where).toBeDefined()
          expect(answer?.html, where).toContain(`<html lang="${locale}"`)
          expect(answer?.html.match(/class="error-summary"/g), where).toHaveLength(1)
          expect(answer?.html, where).not.toContain('data-lead-form-island')
          if (first.kind !== 'select' && first.kind !== 'radio' && first.kind !== 'checkbox')
            expect(answer?.html, where).toContain('kept &lt;b&gt;as typed&lt;/b&gt;')
        }
      }
    }
  })

  it('carries each form on exactly the pages its definition names, in both languages', () => {
    const carried = new Map<string, string[]>()
    for (const file of readdirSync(clientDir, { recursive: true, encoding: 'utf8' })) {
      if (path.basename(file) !== 'index.html') continue
      const page = `/${path.dirname(file).split(path.sep).join('/')}`.replace(/^\/\.$/, '/')
      for (const match of readFileSync(path.join(clientDir, file), 'utf8').matchAll(
        /data-form-key="([a-z-]+)"/g,
      )) {
        const key = match[1] as string
        carried.set(key, [...(carried.get(key) ?? []), page])
      }
    }
    for (const definition of formDefinitions) {
      const expected = definition.pages.flatMap((page) => [page, page === '/' ? '/es' : `/es${page}`])
      expect((carried.get(definition.key) ?? []).sort(), definition.key).toEqual(expected.sort())
    }
    expect([...carried.keys()].sort()).toEqual(formDefinitions.map((definition) => definition.key).sort())
  })
})
