/**
 * The second step of signing in (/admin/login/code) and the set-up of a second factor
 * (/admin/two-factor). A half-done sign-in holds a short session of its own stage, which reaches
 * only these pages; finishing replaces it with a new full session (a new token).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { html } from 'htm/react'
import QRCode from 'qrcode'
import type { Database } from '#server/db/database.ts'
import {
  confirmEnrolment,
  pendingSecret,
  secondFactorState,
  totpFor,
  verifySecondFactor,
} from '#server/staff/second-factor.ts'
import { findSignInSource, rememberSignIn } from '#server/staff/sign-in.ts'
import {
  attemptKeys,
  countAttempt,
  forgiveSuccessfulAttempt,
  type ThrottleSettings,
} from '#server/staff/sign-in-throttle.ts'
import { completeSession, type SessionSettings, type StaffSession } from '#server/staff/staff-sessions.ts'
import { errorBanner, noticeBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { logNewLocks } from '../views/login-page.ts'
import { deviceCookieOf, setDeviceCookie, setSessionCookie } from './admin-auth.ts'

export interface TwoFactorRoutesOptions {
  db: Database
  encryptionKey: Buffer
  /** The server's secret for keyed hashes and device cookies. */
  ipHashSalt: string
  cookieSecure: boolean
  session: SessionSettings
  throttle: ThrottleSettings
  now: () => Date
}

const codeBody = {
  type: 'object',
  properties: { code: { type: 'string', maxLength: 64 } },
  required: ['code'],
} as const

function codePage(options: { error?: string } = {}): string {
  return staffPage({
    title: 'Sign-in code',
    body: html`<div className="narrow">
      <h1>Enter your sign-in code</h1>
      ${options.error && html`<p className="error-banner" role="alert" id="code-error">${options.error}</p>`}
      <form method="post" action="/admin/login/code" className="stack" data-submit-once="">
        <div className="field">
          <label htmlFor="code">Code from your authenticator app</label>
          <input id="code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required
            maxLength="64" autoFocus aria-describedby=${options.error ? 'code-error' : undefined} />
        </div>
        <button type="submit">Continue</button>
      </form>
      <p className="muted">No phone at hand? Type one of your recovery codes instead (each works once).</p>
      <form method="post" action="/admin/logout"><button type="submit" className="button-secondary">Cancel and sign out</button></form>
    </div>`,
  })
}

/**
 * The key as a QR code, for the phone's camera: an SVG drawn on the server and put in the page
 * itself (no image request, no script; the staff pages' policy allows no data: image). A path with
 * fill and stroke attributes only, which no style policy touches.
 */
function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 240 })
}

/** The key in groups of four, as people copy it by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

function enrolPage(options: {
  secret: string
  uri: string
  qr: string
  required: boolean
  staffEmail?: string
  staffName?: string | null
  error?: string
}): string {
  return staffPage({
    title: 'Set up two-step sign-in',
    staffEmail: options.staffEmail,
    staffName: options.staffName,
    body: html`<div className="narrow">
      <h1>Set up two-step sign-in</h1>
      ${options.required && html`<p>This desk asks every account for a code from an authenticator app. Set it up once to continue.</p>`}
      ${options.error && html`<p className="error-banner" role="alert" id="enrol-error">${options.error}</p>`}
      <ol className="steps">
        <li>
          In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…), add an account by scanning this QR code:
          <div className="qr-code" role="img" aria-label="QR code of your two-step sign-in key" data-totp-qr=""
            dangerouslySetInnerHTML=${{ __html: options.qr }}></div>
          <p>Or type this key (the spaces do not matter):</p>
          <p><code className="secret" data-totp-secret="">${groupedSecret(options.secret)}</code></p>
          <p><a href=${options.uri}>Open in an authenticator app on this device</a></p>
        </li>
        <li>Type the 6-digit code the app shows.</li>
      </ol>
      <form method="post" action="/admin/two-factor" className="stack" data-submit-once="">
        <div className="field">
          <label htmlFor="enrol-code">Code from the app</label>
          <input id="enrol-code" name="code" type="text" inputMode="numeric" autoComplete="one-time-code" required
            maxLength="64" aria-describedby=${options.error ? 'enrol-error' : undefined} />
        </div>
        <button type="submit">Turn on two-step sign-in</button>
      </form>
    </div>`,
  })
}

function recoveryCodesPage(codes: string[], staff: StaffSession): string {
  return staffPage({
    title: 'Recovery codes',
    staffEmail: staff.email,
    staffName: staff.displayName,
    body: html`<div className="narrow">
      <h1>Two-step sign-in is on</h1>
      ${noticeBanner('From now on, signing in asks for a code from your app.')}
      <h2>Your recovery codes</h2>
      <p>Keep these somewhere safe, away from your phone. If you lose the phone, each code signs you in once. They are shown only now.</p>
      <ul className="recovery-codes">
        ${codes.map((code) => html`<li key=${code}><code>${code}</code></li>`)}
      </ul>
      <p><a className="button" href="/admin">Go to the inbox</a></p>
    </div>`,
  })
}

function statusPage(state: { enabledAt: Date; left: number }, staff: StaffSession): string {
  return staffPage({
    title: 'Two-step sign-in',
    staffEmail: staff.email,
    staffName: staff.displayName,
    body: html`<div className="narrow">
      <h1>Two-step sign-in</h1>
      <p>On for your account. You have ${state.left} unused recovery ${state.left === 1 ? 'code' : 'codes'}.</p>
      ${state.left < 3 && errorBanner('Few recovery codes left: ask the owner to reset your account if you run out.')}
    </div>`,
  })
}

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

  app.get('/admin/login/code', async (request, reply) => {
    if (request.partialStaff?.stage !== 'second-factor') return reply.redirect('/admin/login', 303)
    return sendPage(reply, codePage())
  })

  app.post<{ Body: { code: string } }>(
    '/admin/login/code',
    { schema: { body: codeBody } },
    async (request, reply) => {
      const partial = request.partialStaff
      if (partial?.stage !== 'second-factor') return reply.redirect('/admin/login', 303)
      const now = options.now()
      const { source } = await findSignInSource(
        db,
        partial.email,
        { ip: request.ip, deviceToken: deviceCookieOf(request, options.cookieSecure) },
        options.ipHashSalt,
      )
      // Codes are guessed like passwords: the same keys and limits as the password step.
      const keys = attemptKeys(source, options.ipHashSalt, options.throttle)
      const { until, locked } = await countAttempt(db, keys, now, options.throttle)
      logNewLocks(request.log, locked)
      if (until) {
        const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000))
        reply.header('retry-after', String(minutes * 60))
        return sendPage(
          reply,
          codePage({
            error: `Too many wrong codes. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
          }),
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
          }),
          401,
        )
      }
      await forgiveSuccessfulAttempt(db, keys)
      await finish(request, reply, partial, now)
      return reply.redirect('/admin', 303)
    },
  )

  app.get('/admin/two-factor', async (request, reply) => {
    const session = enrollee(request)
    if (!session) return reply.redirect('/admin/login', 303)
    const state = await secondFactorState(db, session.userId, key)
    if (state.enabledAt) {
      return sendPage(
        reply,
        statusPage({ enabledAt: state.enabledAt, left: state.recoveryCodesLeft }, session),
      )
    }
    const secret = await pendingSecret(db, session.userId, key)
    const uri = totpFor(secret, session.email).toString()
    return sendPage(
      reply,
      enrolPage({
        secret,
        uri,
        qr: await qrCodeSvg(uri),
        required: session.stage === 'enrol',
        staffEmail: request.staff?.email,
        staffName: request.staff?.displayName,
      }),
    )
  })

  app.post<{ Body: { code: string } }>(
    '/admin/two-factor',
    { schema: { body: codeBody } },
    async (request, reply) => {
      const session = enrollee(request)
      if (!session) return reply.redirect('/admin/login', 303)
      const now = options.now()
      const state = await secondFactorState(db, session.userId, key)
      if (state.enabledAt) return reply.redirect('/admin/two-factor', 303)
      const codes = await confirmEnrolment(db, session, request.body.code, now, key)
      if (!codes) {
        const secret = await pendingSecret(db, session.userId, key)
        const uri = totpFor(secret, session.email).toString()
        return sendPage(
          reply,
          enrolPage({
            secret,
            uri,
            qr: await qrCodeSvg(uri),
            required: session.stage === 'enrol',
            staffEmail: request.staff?.email,
            staffName: request.staff?.displayName,
            error:
              'That code is not correct. Check that the app shows the key above, then type its current code.',
          }),
          400,
        )
      }
      if (session.stage === 'enrol') await finish(request, reply, session, now)
      return sendPage(reply, recoveryCodesPage(codes, session))
    },
  )
}
