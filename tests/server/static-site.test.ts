import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { createSiteFixture, type SiteFixture, sitePages } from './helpers/site-fixture.ts'
import { testAppOptions } from './helpers/test-app.ts'
import { unusedDatabase } from './helpers/unused-database.ts'

const pageCache = 'no-cache'
const assetCache = 'public, max-age=31536000, immutable'

let site: SiteFixture
let app: FastifyInstance

beforeAll(async () => {
  site = await createSiteFixture()
  app = await buildApp(
    testAppOptions(unusedDatabase, { ipHashSalt: 'static-tests-salt-0123', clientDir: site.clientDir }),
  )
})
afterAll(async () => {
  await app?.close()
  await site?.dispose()
})

describe('prerendered pages', () => {
  it('serves the home page as HTML that browsers revalidate', async () => {
    const response = await app.inject({ method: 'GET', url: '/' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe(pageCache)
    expect(response.body).toBe(sitePages['index.html'])
  })

  it('serves /insurance from insurance/index.html', async () => {
    const response = await app.inject({ method: 'GET', url: '/insurance' })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(sitePages['insurance/index.html'])
    expect(response.headers['cache-control']).toBe(pageCache)
  })

  it("allows the page's inline stylesheet by its hash, never any inline style", async () => {
    const response = await app.inject({ method: 'GET', url: '/insurance' })
    const css = /<style>([^<]*)<\/style>/.exec(response.body)?.[1] ?? ''
    const hash = createHash('sha256').update(css, 'utf8').digest('base64')
    const policy = String(response.headers['content-security-policy'])
    expect(policy).toContain(`style-src 'self' 'sha256-${hash}';`)
    expect(policy).not.toContain('unsafe-inline')
    // a page without a <style> allows none
    const home = await app.inject({ method: 'GET', url: '/' })
    expect(String(home.headers['content-security-policy'])).toContain("style-src 'self';")
  })

  it.each([
    ['/insurance with a query string', '/insurance?utm_source=test', 'insurance/index.html'],
    ['the Spanish home page', '/es', 'es/index.html'],
  ] as const)('serves %s', async (_what, url, file) => {
    const response = await app.inject({ method: 'GET', url })
    expect(response.statusCode).toBe(200)
    expect(response.body).toBe(sitePages[file])
  })

  it('redirects /insurance/ to /insurance, keeping the query', async () => {
    const plain = await app.inject({ method: 'GET', url: '/insurance/' })
    expect(plain.statusCode).toBe(301)
    expect(plain.headers.location).toBe('/insurance')
    const withQuery = await app.inject({ method: 'GET', url: '/insurance/?a=1' })
    expect(withQuery.headers.location).toBe('/insurance?a=1')
  })

  it('never redirects off-site', async () => {
    const response = await app.inject({ method: 'GET', url: '//evil.example/' })
    expect(response.statusCode).toBe(301)
    expect(response.headers.location).toBe('/evil.example')
  })

  // Over a real socket: app.inject() parses the URL first and would hide the raw backslash.
  it.each([
    '/\\evil.example/',
    '/\\/evil.example/',
    '//\\evil.example/',
    '/%5Cevil.example/',
    '/\\evil.example/?next=1',
  ])('answers %s without a redirect a browser would follow off-site', async (rawPath) => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' }).catch(() => serverAddress(app))
    const response = await rawGet(address, rawPath)
    if (response.location !== undefined) {
      // Resolved as a browser resolves it, the target is still this site.
      expect(new URL(response.location, 'https://agency.example/').host).toBe('agency.example')
    } else {
      expect(response.status).toBe(404)
    }
  })

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/contact' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toBe('')
  })
})

describe('assets', () => {
  /** A GET from a browser that accepts these encodings. */
  const getAccepting = (url: string, encodings: string) =>
    app.inject({ method: 'GET', url, headers: { 'accept-encoding': encodings } })

  it('serves hashed assets as immutable for a year', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/x-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe(assetCache)
    expect(response.body).toBe(sitePages['assets/x-abc123.js'])
  })

  it('serves unhashed files with revalidation', async () => {
    const response = await app.inject({ method: 'GET', url: '/favicon.svg' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe(pageCache)
  })

  it('sends the Brotli file to browsers that accept it', async () => {
    const response = await getAccepting('/assets/x-abc123.js', 'gzip, deflate, br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('br')
    expect(response.headers['content-type']).toMatch(/javascript/)
    expect(response.headers['cache-control']).toBe(assetCache)
    expect(response.headers.vary).toMatch(/accept-encoding/i)
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(sitePages['assets/x-abc123.js'])
  })

  it('sends the gzip file when Brotli is not accepted, also for pages', async () => {
    const response = await getAccepting('/contact', 'gzip')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe(pageCache)
    expect(gunzipSync(response.rawPayload).toString()).toBe(sitePages['contact/index.html'])
  })

  it('sends the plain file when there is no compressed sibling', async () => {
    const response = await getAccepting('/insurance', 'br')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toBe(sitePages['insurance/index.html'])
  })
})

describe('unknown paths', () => {
  it('answers with the prerendered 404 page and status 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/no-such-page' })
    expect(response.statusCode).toBe(404)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.body).toBe(sitePages['404/index.html'])
  })

  it('answers under /es with the Spanish 404 page', async () => {
    const response = await app.inject({ method: 'GET', url: '/es/no-existe' })
    expect(response.statusCode).toBe(404)
    expect(response.body).toBe(sitePages['es/404/index.html'])
  })

  it('answers a missing asset with 404', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing-123.js' })
    expect(response.statusCode).toBe(404)
  })

  it.each(['/__spa-fallback.html', '/404', '/404/index.html', '/es/404'])(
    'never serves %s as itself',
    async (url) => {
      const response = await app.inject({ method: 'GET', url })
      expect(response.statusCode).toBe(404)
      expect(response.body).not.toContain('SPA fallback')
    },
  )

  it('does not leave the client folder', async () => {
    for (const url of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const response = await app.inject({ method: 'GET', url })
      expect([403, 404]).toContain(response.statusCode)
      expect(response.body).not.toContain('"dependencies"')
    }
  })

  it('answers unknown API paths with JSON, not the page', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here' })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'Not found.' })
  })

  it('answers other methods on pages with a JSON 404 (a page that holds a form takes its post)', async () => {
    for (const [method, url] of [
      ['POST', '/about'],
      ['PUT', '/contact'],
      ['DELETE', '/es/contact'],
    ] as const) {
      const response = await app.inject({ method, url, payload: {} })
      expect(response.statusCode, `${method} ${url}`).toBe(404)
      expect(response.json(), `${method} ${url}`).toHaveProperty('error')
    }
  })
})

describe('without a site build', () => {
  it('serves the API only and answers page paths with 404', async () => {
    const apiOnly = await buildApp(testAppOptions(unusedDatabase, { ipHashSalt: 'static-tests-salt-0123' }))
    try {
      const response = await apiOnly.inject({ method: 'GET', url: '/' })
      expect(response.statusCode).toBe(404)
    } finally {
      await apiOnly.close()
    }
  })
})

function serverAddress(server: FastifyInstance): string {
  const { port } = server.server.address() as AddressInfo
  return `http://127.0.0.1:${port}`
}

/** A GET whose path goes on the wire byte for byte (no URL parser in between). */
function rawGet(base: string, rawPath: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(base)
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path: rawPath, method: 'GET' }, (response) => {
      response.resume()
      const location = response.headers.location
      resolve({ status: response.statusCode ?? 0, location })
    })
    request.on('error', reject)
    request.end()
  })
}
