/**
 * Signing in and out of the desk: the sign-in page, its password step (with its throttle and
 * answers) and signing out. The code step and the set-up of a second factor are
 * two-factor-routes.ts.
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { draftFieldsOf, draftLeadOf, saveDraft } from '#server/desk/work-drafts.ts'
import { signIn } from '#server/staff/sign-in.ts'
import type { NewLock } from '#server/staff/sign-in-throttle.ts'
import { partialSessionMs, revokeSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { loginPage } from '../views/login-page.tsx'
import {
  clearSessionCookie,
  deviceCookieOf,
  safeNextPath,
  setDeviceCookie,
  setSessionCookie,
  withNext,
} from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { formBody, noticeFrom, pageNotices, textField } from './route-helpers.ts'

type SignInOptions = Pick<
  DeskOptions,
  | 'db'
  | 'ipHashSalt'
  | 'cookieSecure'
  | 'session'
  | 'throttle'
  | 'requireSecondFactor'
  | 'now'
  | 'passwordCost'
>

export async function signInRoutes(app: FastifyInstance, options: SignInOptions): Promise<void> {
  app.get('/admin/login', async (request, reply) => {
    const query = request.query && typeof request.query === 'object' ? request.query : {}
    const next = safeNextPath('next' in query ? query.next : undefined)
    if (request.staff) return reply.redirect(next ?? '/admin', 303)
    return sendPage(reply, loginPage({ notice: noticeFrom(request.query, pageNotices), next }))
  })

  app.post<SignInBody>(
    '/admin/login',
    {
      schema: {
        body: formBody({ email: textField(254), password: textField(4096) }, { next: textField(500) }),
      },
    },
    (request, reply) => answerSignIn(request, reply, options),
  )

  app.post('/admin/logout', async (request, reply) => {
    const session = request.staff ?? request.partialStaff
    if (session) await revokeSession(options.db, session.tokenHash)
    clearSessionCookie(reply, options.cookieSecure)
    return reply.redirect('/admin/login?notice=signed-out', 303)
  })
}

interface SignInBody {
  Body: { email: string; password: string; next?: string }
}

/** How long a sign-in refused for a full password pool is asked to wait. */
const busyRetrySeconds = 5

/**
 * Every lock, once, as a warning an operator can alert on: its kind and until when, never the
 * e-mail or the address it is about.
 */
export function logNewLocks(log: FastifyBaseLogger, locked: NewLock[]): void {
  for (const lock of locked) {
    log.warn({ lock: lock.kind, until: lock.until.toISOString() }, 'sign-in: too many attempts, locked')
  }
}

/**
 * How long a refused attempt waits, in whole minutes for a lock, in seconds for the short wait of
 * a known place slowed down (sign-in-throttle.ts).
 */
export function waitOf(until: Date, now: Date): { seconds: number; words: string } {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000))
  if (seconds < 60) return { seconds, words: `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` }
  const minutes = Math.ceil(seconds / 60)
  return { seconds: minutes * 60, words: `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}` }
}

/** POST /admin/login: the password step of signing in (the code step is two-factor-routes.ts). */
async function answerSignIn(
  request: FastifyRequest<SignInBody>,
  reply: FastifyReply,
  options: SignInOptions,
): Promise<FastifyReply> {
  const next = safeNextPath(request.body.next)
  const now = options.now()
  const result = await signIn(
    options.db,
    {
      email: request.body.email,
      password: request.body.password,
      ip: request.ip,
      deviceToken: deviceCookieOf(request, options.cookieSecure),
      now,
    },
    {
      session: options.session,
      throttle: options.throttle,
      secret: options.ipHashSalt,
      requireSecondFactor: options.requireSecondFactor,
      passwordCost: options.passwordCost,
    },
  )
  logNewLocks(request.log, result.locked)
  // What a staff member typed on a lead when their session ended (server/desk/work-drafts.ts).
  const carry = draftFieldsOf(request.body, 'draft_')
  const page = (status: number, error: string) =>
    sendPage(reply, loginPage({ email: request.body.email, error, next, carry }), status)
  switch (result.outcome) {
    case 'signed-in': {
      const draftLead = draftLeadOf(next)
      if (carry && draftLead)
        await saveDraft(options.db, { sessionToken: result.token, leadId: draftLead, fields: carry, at: now })
      const maxAgeMs = result.stage === 'full' ? options.session.maxAgeMs : partialSessionMs
      setSessionCookie(reply, result.token, Math.floor(maxAgeMs / 1000), options.cookieSecure)
      if (result.deviceToken) setDeviceCookie(reply, result.deviceToken, options.cookieSecure)
      if (result.stage === 'second-factor') return reply.redirect(withNext('/admin/login/code', next), 303)
      if (result.stage === 'enrol') return reply.redirect(withNext('/admin/two-factor', next), 303)
      return reply.redirect(next ?? '/admin', 303)
    }
    case 'locked': {
      const wait = waitOf(result.until, now)
      reply.header('retry-after', String(wait.seconds))
      return page(429, `Too many failed sign-in attempts. Please wait ${wait.words} and try again.`)
    }
    case 'busy':
      reply.header('retry-after', String(busyRetrySeconds))
      return page(
        503,
        'Many sign-ins are being checked right now. Your password was not checked: please try again in a few seconds.',
      )
    default:
      // One message whether the e-mail is unknown or the password wrong.
      return page(401, 'The e-mail or password is not correct.')
  }
}
