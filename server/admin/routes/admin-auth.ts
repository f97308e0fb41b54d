/**
 * Who is asking, and may they: the staff session cookie, the Origin check on every state change,
 * and the guards that send a visitor without a session to the sign-in page (pages) or answer 401
 * (the JSON API).
 */
import type { CookieSerializeOptions } from '@fastify/cookie'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Queryable } from '#server/db/database.ts'
import { type ApiTokenIdentity, authenticateApiToken, bearerOf } from '#server/staff/api-tokens.ts'
import { deviceCookieMaxAgeSeconds } from '#server/staff/known-places.ts'
import { findSession, type SessionSettings, type StaffSession } from '#server/staff/staff-sessions.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on /admin and /api/admin routes; null without a valid session. */
    staff: StaffSession | null
    /** A half-done sign-in: the password was right, a code or an enrolment is still due. */
    partialStaff: StaffSession | null
    /** The live API token of an /api/admin request sent with `Authorization: Bearer`; null otherwise. */
    apiToken: ApiTokenIdentity | null
  }
}

/**
 * `__Host-` makes the browser refuse the cookie unless it is Secure, for this host only, path /:
 * no subdomain can set or shadow it. Over plain http (development) the prefix cannot be used.
 */
function sessionCookieName(secure: boolean): string {
  return secure ? '__Host-staff_session' : 'staff_session'
}

/** The session cookie's flags: sent only to this site (Strict), never readable by scripts. */
function sessionCookieOptions(maxAgeSeconds: number, secure: boolean): CookieSerializeOptions {
  return { path: '/', maxAge: maxAgeSeconds, httpOnly: true, sameSite: 'strict', secure }
}

export function setSessionCookie(
  reply: FastifyReply,
  token: string,
  maxAgeSeconds: number,
  secure: boolean,
): FastifyReply {
  return reply.setCookie(sessionCookieName(secure), token, sessionCookieOptions(maxAgeSeconds, secure))
}

/** The same name and flags, or a `__Host-` cookie would not be replaced (Max-Age=0 deletes it). */
export function clearSessionCookie(reply: FastifyReply, secure: boolean): FastifyReply {
  return reply.clearCookie(sessionCookieName(secure), sessionCookieOptions(0, secure))
}

/**
 * The device cookie: set at each completed sign-in, it tells the next sign-in from this browser
 * that it signed in before, so a lock earned by strangers does not refuse it
 * (server/staff/known-places.ts). The session cookie's flags, but long-lived; staff only, as the
 * public site sets no cookies.
 */
function deviceCookieName(secure: boolean): string {
  return secure ? '__Host-staff_device' : 'staff_device'
}

export function setDeviceCookie(reply: FastifyReply, token: string, secure: boolean): FastifyReply {
  return reply.setCookie(
    deviceCookieName(secure),
    token,
    sessionCookieOptions(deviceCookieMaxAgeSeconds, secure),
  )
}

export function deviceCookieOf(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[deviceCookieName(secure)]
}

const tokenPattern = /^[A-Za-z0-9_-]{43}$/

/** Reads the cookie (parsed by @fastify/cookie) and looks its session up; sets request.staff. */
export function sessionLoader(db: Queryable, settings: SessionSettings, secure: boolean, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    request.staff = null
    request.partialStaff = null
    const token = request.cookies[sessionCookieName(secure)]
    if (!token || !tokenPattern.test(token)) return
    const session = (await findSession(db, token, now(), settings)) ?? null
    // Only a full session is a signed-in staff member; every existing check reads request.staff.
    // A member whose password someone else made is not one yet: only the page that changes it
    // (account-routes.ts, /admin/password) reads that session, so no other page or API answer can be
    // reached (docs/decisions/047-the-queue-by-person-and-passwords-of-ones-own.md).
    if (session?.stage === 'full' && !session.mustChangePassword) request.staff = session
    else request.partialStaff = session
  }
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * A state change must come from a page of this server: its Origin header must name the host the
 * request was sent to. Browsers send Origin on every POST, PATCH and DELETE, so a missing one means
 * a client we do not serve (or a browser feature we did not plan for): refused, not trusted.
 * Combined with SameSite=Strict cookies this stops cross-site request forgery without tokens.
 */
export function isSameOriginRequest(request: FastifyRequest): boolean {
  if (safeMethods.has(request.method)) return true
  const origin = request.headers.origin
  if (!origin || origin === 'null') return false
  try {
    const from = new URL(origin)
    if (from.protocol !== 'http:' && from.protocol !== 'https:') return false
    // The Host header read with the Origin's scheme, so default ports compare equal (:443, :80).
    return from.host === new URL(`${from.protocol}//${request.host}`).host
  } catch {
    return false
  }
}

export function isApiRequest(request: FastifyRequest): boolean {
  return request.url.startsWith('/api/')
}

/** Only paths under /admin may be a `next` after signing in: never another site. */
export function safeNextPath(next: unknown): string | undefined {
  if (typeof next !== 'string') return undefined
  return /^\/admin(?:[/?][A-Za-z0-9\-._~/?=&%+]*)?$/.test(next) && !next.includes('//') ? next : undefined
}

/** A desk path with `next` when there is one worth keeping (the inbox is where every step ends anyway). */
export function withNext(path: string, next: string | undefined): string {
  return next && next !== '/admin' ? `${path}?next=${encodeURIComponent(next)}` : path
}

/** A full sign-in whose password was made by someone else: it must be changed first. */
export function passwordDue(request: FastifyRequest): StaffSession | undefined {
  const session = request.partialStaff
  return session?.stage === 'full' && session.mustChangePassword ? session : undefined
}

/**
 * Pages: no session → the sign-in page, which brings the visitor back to a page they asked for; a
 * half-done sign-in → its next step (the code, the set-up of a second factor, a password of one's
 * own), keeping that page as `next`.
 */
export async function requireStaffPage(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.staff) return
  const next = request.method === 'GET' ? safeNextPath(request.url) : undefined
  if (request.partialStaff?.stage === 'second-factor')
    return reply.redirect(withNext('/admin/login/code', next), 303)
  if (request.partialStaff?.stage === 'enrol') return reply.redirect(withNext('/admin/two-factor', next), 303)
  if (passwordDue(request)) return reply.redirect(withNext('/admin/password', next), 303)
  return reply.redirect(withNext('/admin/login', next), 303)
}

/**
 * JSON API: no session and no API token → 401; a session whose password must be changed first is
 * not signed in yet either, and is told why (an API token has no password to change).
 */
export async function requireStaffApi(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.staff || request.apiToken) return
  const error = passwordDue(request) ? 'Choose your own password at /admin/password first.' : 'Sign in first.'
  return reply.code(401).type('application/json').send({ error })
}

/**
 * An /api/admin request that sends `Authorization: Bearer`: the token is its only credential (a
 * cookie beside it is not read), so it needs no Origin (no browser sends it by itself). Undefined
 * when the request sends none; 'refused' after answering 401 for a token that is unknown, expired
 * or revoked (which one is not said).
 */
export async function loadApiToken(
  request: FastifyRequest,
  reply: FastifyReply,
  db: Queryable,
  secret: string,
  now: Date,
): Promise<'token' | 'refused' | undefined> {
  if (!isApiRequest(request)) return undefined
  const bearer = bearerOf(request.headers.authorization)
  if (bearer === undefined) return undefined
  const token = await authenticateApiToken(db, bearer, secret, now)
  if (!token) {
    reply
      .code(401)
      .header('www-authenticate', 'Bearer error="invalid_token"')
      .type('application/json')
      .send({ error: 'This API token is not valid: unknown, expired or revoked.' })
    return 'refused'
  }
  request.apiToken = token
  return 'token'
}
