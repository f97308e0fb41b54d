/**
 * The second step of signing in (/admin/login/code) and the set-up of a second factor
 * (/admin/two-factor). A half-done sign-in holds a short session of its own stage, which reaches
 * only these pages; finishing replaces it with a new full session (a new token).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import {
  confirmEnrolment,
  pendingSecret,
  secondFactorState,
  totpFor,
  verifySecondFactor,
} from '#server/staff/second-factor.ts'
import { findSignInSource, rememberSignIn } from '#server/staff/sign-in.ts'
import { attemptKeys, countAttempt, forgiveSuccessfulAttempt } from '#server/staff/sign-in-throttle.ts'
import { completeSession, type StaffSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { codePage, enrolPage, qrCodeSvg, recoveryCodesPage, statusPage } from '../views/two-factor-page.tsx'
import { deviceCookieOf, safeNextPath, setDeviceCookie, setSessionCookie } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { formBody, textField } from './route-helpers.ts'
import { logNewLocks, waitOf } from './sign-in-routes.ts'

type TwoFactorRoutesOptions = Pick<
  DeskOptions,
  'db' | 'encryptionKey' | 'ipHashSalt' | 'cookieSecure' | 'session' | 'throttle' | 'now'
>

const codeBody = formBody({ code: textField(64) }, { next: textField(500) })

export async function twoFactorRoutes(app: FastifyInstance, options: TwoFactorRoutesOptions): Promise<void> {
  const { db, encryptionKey: key } = options

  /** A complete sign-in: a full session, and this place and browser known from now on. */
  async function finish(request: FastifyRequest, reply: FastifyReply, partial: StaffSession, now: Date) {
    const { token } = await completeSession(db, partial, now, options.session)
    setSessionCookie(reply, token, Math.floor(options.session.maxAgeMs / 1000), options.cookieSecure)
    const device = await rememberSignIn(db, partial.userId, request.ip, options.ipHashSalt, now)
    setDeviceCookie(reply, device, options.cookieSecure)
  }

  /** The account being enrolled: a half-done sign-in that must enrol, or a signed-in member. */
  function enrollee(request: FastifyRequest): StaffSession | undefined {
    if (request.staff) return request.staff
    return request.partialStaff?.stage === 'enrol' ? request.partialStaff : undefined
  }

  /** The set-up page, with the key waiting to be confirmed (the same one until it is). */
  async function enrolment(request: FastifyRequest, session: StaffSession, next?: string, error?: string) {
    const secret = await pendingSecret(db, session.userId, key)
    const uri = totpFor(secret, session.email).toString()
    return enrolPage({
      secret,
      uri,
      qr: await qrCodeSvg(uri),
      required: session.stage === 'enrol',
      staffEmail: request.staff?.email,
      staffName: request.staff?.displayName,
      next,
      error,
    })
  }

  // `next` (a desk page a link led to, checked by safeNextPath) goes through this step, so a link
  // in a lead's e-mail opens that lead once the code is right.
  app.get('/admin/login/code', async (request, reply) => {
    if (request.partialStaff?.stage !== 'second-factor') return reply.redirect('/admin/login', 303)
    const query = request.query
    const next = safeNextPath(query && typeof query === 'object' && 'next' in query ? query.next : undefined)
    return sendPage(reply, codePage({ next }))
  })

  app.post<{ Body: { code: string; next?: string } }>(
    '/admin/login/code',
    { schema: { body: codeBody } },
    async (request, reply) => {
      const partial = request.partialStaff
      if (partial?.stage !== 'second-factor') return reply.redirect('/admin/login', 303)
      const next = safeNextPath(request.body.next)
      const now = options.now()
      const { source } = await findSignInSource(
        db,
        partial.email,
        { ip: request.ip, deviceToken: deviceCookieOf(request, options.cookieSecure) },
        options.ipHashSalt,
      )
      // Codes are guessed like passwords: the same keys and limits as the password step, but never
      // slowed instead of locked: whoever reaches this step holds the password, so a known place is
      // no reason to let the guessing go on (and strangers without the password never count here).
      const keys = attemptKeys(source, options.ipHashSalt, options.throttle).map(
        ({ slowed: _, ...key }) => key,
      )
      const { until, locked } = await countAttempt(db, keys, now, options.throttle)
      logNewLocks(request.log, locked)
      if (until) {
        const wait = waitOf(until, now)
        reply.header('retry-after', String(wait.seconds))
        return sendPage(
          reply,
          codePage({ error: `Too many wrong codes. Please wait ${wait.words} and try again.`, next }),
          429,
        )
      }
      const accepted = await verifySecondFactor(db, partial, request.body.code, now, key)
      if (!accepted) {
        return sendPage(
          reply,
          codePage({
            error:
              'That code is not correct. Type the 6-digit code your app shows now, or one of your unused recovery codes.',
            next,
          }),
          401,
        )
      }
      await forgiveSuccessfulAttempt(db, keys)
      await finish(request, reply, partial, now)
      return reply.redirect(next ?? '/admin', 303)
    },
  )

  // `next` goes through the set-up too: the recovery codes page's "Continue" opens that page.
  app.get('/admin/two-factor', async (request, reply) => {
    const session = enrollee(request)
    if (!session) return reply.redirect('/admin/login', 303)
    const query = request.query
    const next = safeNextPath(query && typeof query === 'object' && 'next' in query ? query.next : undefined)
    const state = await secondFactorState(db, session.userId, key)
    if (state.enabledAt) {
      return sendPage(
        reply,
        statusPage({ enabledAt: state.enabledAt, left: state.recoveryCodesLeft }, session),
      )
    }
    return sendPage(reply, await enrolment(request, session, next))
  })

  app.post<{ Body: { code: string; next?: string } }>(
    '/admin/two-factor',
    { schema: { body: codeBody } },
    async (request, reply) => {
      const session = enrollee(request)
      if (!session) return reply.redirect('/admin/login', 303)
      const next = safeNextPath(request.body.next)
      const now = options.now()
      const state = await secondFactorState(db, session.userId, key)
      if (state.enabledAt) return reply.redirect('/admin/two-factor', 303)
      const codes = await confirmEnrolment(db, session, request.body.code, now, key)
      if (!codes) {
        const error =
          'That code is not correct. Check that the app shows the key above, then type its current code.'
        return sendPage(reply, await enrolment(request, session, next, error), 400)
      }
      if (session.stage === 'enrol') await finish(request, reply, session, now)
      return sendPage(reply, recoveryCodesPage(codes, session, next))
    },
  )
}
