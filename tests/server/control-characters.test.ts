/**
 * NUL and the other control characters are refused at the edge: every route of the app, posted a
 * NUL in each way it reads input (a form post, a JSON body, the query, a path parameter), answers
 * 400 and never 500, signed in as an owner or before any session. Tab, CR and LF still reach a note.
 * The visitors' forms answer field by field (their own checks), never 500 either.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { signedInStaff } from '#tests/kit/staff.ts'
import { ownOrigin } from './helpers/requests.ts'
import { registeredRoutes } from './helpers/routes.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const nul = 'a\u0000b'
/** Every field name a route of the desk or the API reads a text from gets the NUL. */
const fields = Object.fromEntries(
  [
    'email',
    'password',
    'name',
    'displayName',
    'note',
    'summary',
    'url',
    'q',
    'key',
    'code',
    'current',
    'reason',
    'status',
    'channel',
    'outcome',
    'next',
  ].map((name) => [name, nul]),
)
const anId = '00000000-0000-4000-8000-000000000000'

describe.each(drivers)('control characters on %s', (driver) => {
  const t = useTestApp(driver)
  let owner: string

  beforeAll(async () => {
    owner = (await signedInStaff(t.db, 'owner@oakridge-insurance.example', { role: 'owner' })).cookie
  })

  function routes(): { method: string; url: string }[] {
    return registeredRoutes(t.app.printRoutes({ commonPrefix: false })).map((route) => {
      const [method = '', path = ''] = route.split(' ')
      return { method, url: path.replace(/:formKey/g, 'contact-message').replace(/:\w+/g, anId) }
    })
  }

  it('answers 400, never 500, to a NUL posted to any route, signed in or not', async () => {
    const answers: string[] = []
    const all = routes()
    expect(all.length).toBeGreaterThan(30)
    for (const { method, url } of all) {
      if (url.startsWith('/api/forms/') || url.includes('*')) continue
      for (const cookie of [owner, '']) {
        const headers = { origin: ownOrigin, ...(cookie ? { cookie } : {}) }
        const requests =
          method === 'GET' || method === 'DELETE'
            ? [{ method, url: `${url}?q=${encodeURIComponent(nul)}`, headers }]
            : [
                {
                  method,
                  url,
                  headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
                  payload: new URLSearchParams(fields).toString(),
                },
                { method, url, headers: { ...headers, 'content-type': 'application/json' }, payload: fields },
              ]
        for (const request of requests) {
          const response = await t.app.inject({
            method: request.method as 'GET',
            url: request.url,
            headers: request.headers,
            payload: 'payload' in request ? request.payload : undefined,
          })
          // A content type a route does not parse is refused before any field is read (415).
          if (response.statusCode === 415) continue
          answers.push(`${response.statusCode} ${request.method} ${url} ${cookie ? 'owner' : 'no session'}`)
        }
      }
    }
    // Signed in, the NUL is what is refused; without a session the guard may refuse first (a
    // redirect to sign in, 401), never with a 500.
    expect(answers.filter((answer) => answer.endsWith(' owner') && !answer.startsWith('400 '))).toEqual([])
    expect(answers.filter((answer) => answer.startsWith('5'))).toEqual([])
    // Sign-in before any session, the case found first.
    expect(answers).toContain('400 POST /admin/login no session')
  })

  it('refuses a NUL in a path parameter and in a query string', async () => {
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads?q=%00',
      headers: { cookie: owner },
    })
    expect(search.statusCode).toBe(400)
    expect(search.json()).toEqual({
      error: 'The request contains a control character (such as NUL) that no field accepts.',
    })
    // Tab, CR and LF are a multi-line note's: they pass the edge (this lead does not exist: 404).
    const note = await t.app.inject({
      method: 'POST',
      url: `/api/admin/leads/${anId}/notes`,
      headers: { cookie: owner, origin: ownOrigin },
      payload: { note: 'first line\r\n\tsecond line' },
    })
    expect(note.statusCode).toBe(404)
    const lead = await t.app.inject({
      method: 'GET',
      url: '/api/admin/leads/a%00b',
      headers: { cookie: owner },
    })
    expect(lead.statusCode).toBe(400)
  })

  it("keeps a visitor's form answering field by field, never 500", async () => {
    for (const contentType of ['application/json', 'application/x-www-form-urlencoded']) {
      const body = { firstName: 'Ana', lastName: 'Ruiz', email: 'ana@example.com', message: nul }
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/forms/contact-message',
        headers: { 'content-type': contentType },
        payload: contentType === 'application/json' ? body : new URLSearchParams(body).toString(),
      })
      expect(response.statusCode).toBe(400)
    }
  })
})
