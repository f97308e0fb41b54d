import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify'
import { html } from 'htm/react'
import type { Database } from '#server/db/database.ts'
import { type DraftFields, draftFieldsOf, draftLeadOf, saveDraft } from '#server/desk/work-drafts.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import { signIn } from '#server/staff/sign-in.ts'
import type { NewLock, ThrottleSettings } from '#server/staff/sign-in-throttle.ts'
import { partialSessionMs, type SessionSettings } from '#server/staff/staff-sessions.ts'
import { deviceCookieOf, safeNextPath, setDeviceCookie, setSessionCookie } from '../routes/admin-auth.ts'
import { noticeBanner, sendPage, staffPage } from './admin-layout.ts'

export interface LoginPageOptions {
  email?: string
  error?: string
  notice?: string
  /** Where to go after signing in (an /admin path, checked by the route). */
  next?: string
  /** A lead's form posted after the session ended: carried as hidden draft_ fields. */
  carry?: DraftFields
}

export function loginPage(options: LoginPageOptions = {}): string {
  const describedBy = options.error ? 'sign-in-error' : undefined
  return staffPage({
    title: 'Sign in',
    body: html`<div className="narrow">
      <h1>Staff sign-in</h1>
      ${noticeBanner(options.notice)}
      ${options.error && html`<p className="error-banner" role="alert" id="sign-in-error">${options.error}</p>`}
      <form method="post" action="/admin/login" className="stack" data-submit-once="">
        ${options.next && html`<input type="hidden" name="next" value=${options.next} />`}
        ${Object.entries(options.carry ?? {}).map(([name, value]) => html`<input key=${name} type="hidden" name=${`draft_${name}`} value=${value} />`)}
        <div className="field">
          <label htmlFor="email">E-mail</label>
          <input id="email" name="email" type="email" autoComplete="username" required maxLength="254"
            defaultValue=${options.email ?? ''} aria-describedby=${describedBy} />
        </div>
        <div className="field">
          <label htmlFor="password">Password</label>
          <input id="password" name="password" type="password" autoComplete="current-password" required
            maxLength="1024" aria-describedby=${describedBy} />
        </div>
        <button type="submit">Sign in</button>
      </form>
      <p className="muted">No account yet? The agency’s owner adds you from the desk.</p>
    </div>`,
  })
}

export interface SignInRouteOptions {
  db: Database
  /** The server's secret for keyed hashes and device cookies. */
  ipHashSalt: string
  cookieSecure: boolean
  session: SessionSettings
  throttle: ThrottleSettings
  requireSecondFactor: boolean
  now: () => Date
  passwordCost?: PasswordCost
}

export interface SignInBody {
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

/** POST /admin/login: the password step of signing in (the code step is two-factor-pages.ts). */
export async function answerSignIn(
  request: FastifyRequest<SignInBody>,
  reply: FastifyReply,
  options: SignInRouteOptions,
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
      if (result.stage === 'second-factor') return reply.redirect('/admin/login/code', 303)
      if (result.stage === 'enrol') return reply.redirect('/admin/two-factor', 303)
      return reply.redirect(next ?? '/admin', 303)
    }
    case 'locked': {
      const minutes = Math.max(1, Math.ceil((result.until.getTime() - now.getTime()) / 60_000))
      reply.header('retry-after', String(minutes * 60))
      return page(
        429,
        `Too many failed sign-in attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
      )
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
