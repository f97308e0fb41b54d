/**
 * Requests as a browser or the page's script sends them, through `app.inject`: a form post
 * (urlencoded, with the desk's Origin) and a form submission to the API (JSON with a solved proof of
 * work), alone or with the lead it stored.
 */
import { randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { expect } from 'vitest'
import type { Queryable } from '#server/db/database.ts'
import { solvedProof } from './solved-proofs.ts'

/** The app's own origin under inject (its host is localhost): what the desk's CSRF check accepts. */
export const ownOrigin = 'http://localhost'

export interface FormPostOptions {
  /** The Cookie header; none when undefined or empty. */
  cookie?: string
  /** The Origin header; null sends none. */
  origin?: string | null
  remoteAddress?: string
  /** More headers (Accept), sent last. */
  headers?: Record<string, string>
}

/** A form posted by the browser: application/x-www-form-urlencoded, with the desk's Origin. */
export function injectForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  { cookie, origin = ownOrigin, remoteAddress, headers = {} }: FormPostOptions = {},
) {
  return app.inject({
    method: 'POST',
    url,
    remoteAddress,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(origin === null ? {} : { origin }),
      ...(cookie ? { cookie } : {}),
      ...headers,
    },
    payload: new URLSearchParams(fields).toString(),
  })
}

/**
 * A staff API call as the desk's scripts or an integration send it: the session's Cookie, the site's
 * own Origin (null: none, as a stranger's tool sends), and a JSON body when one is given.
 */
export function injectJson(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie: string,
  body?: unknown,
  origin: string | null = ownOrigin,
) {
  return app.inject({
    method,
    url,
    headers: {
      cookie,
      ...(origin === null ? {} : { origin }),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  })
}

/** A page or API GET as a browser sends it, with the session's Cookie header when one is given. */
export function injectGet(app: FastifyInstance, url: string, cookie?: string) {
  return app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} })
}

export interface SubmitOptions {
  /** The app's IP_HASH_SALT: the proof of work's key is made from it. */
  salt: string
  /** The clock the proof is made at (the app's `now`). */
  now?: Date
  remoteAddress?: string
  /** More headers (an Idempotency-Key), sent after the proof (so one may replace it). */
  headers?: Record<string, string>
}

/** A form sent to POST /api/forms/<formKey> as the page's script sends it: JSON and a proof of work. */
export async function submitForm(
  app: FastifyInstance,
  formKey: string,
  payload: unknown,
  { salt, now, remoteAddress, headers = {} }: SubmitOptions,
) {
  return app.inject({
    method: 'POST',
    url: `/api/forms/${formKey}`,
    remoteAddress,
    headers: {
      'content-type': 'application/json',
      'x-proof-of-work': await solvedProof(salt, now ? { now } : {}),
      ...headers,
    },
    payload: JSON.stringify(payload),
  })
}

/**
 * A submission the API must store (200 OK), under an Idempotency-Key of its own: the stored lead's
 * id (found by that key) and the response.
 */
export async function submitStoredLead(
  app: FastifyInstance,
  db: Queryable,
  formKey: string,
  payload: unknown,
  options: SubmitOptions,
) {
  const key = `test-${randomBytes(8).toString('hex')}`
  const response = await submitForm(app, formKey, payload, {
    ...options,
    headers: { 'idempotency-key': key, ...options.headers },
  })
  expect(response.statusCode, response.body).toBe(200)
  expect(response.body).toBe('OK')
  const [row] = await db.query<{ id: string }>('SELECT id FROM leads WHERE idempotency_key = $1', [key])
  if (!row) throw new Error('the lead answered OK is not stored')
  return { id: String(row.id), response }
}
