/**
 * A staff member's own account (/admin/account): the name colleagues see, a new password (the
 * current one first; the account's other sessions are signed out, this one stays), and new
 * recovery codes (the password or an authenticator code first). Every change is a POST answered
 * by a redirect (Post/Redirect/Get); new codes are shown once on the page the redirect names
 * (server/staff/staff-flash.ts), never in a URL, and recorded in staff_audit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { html } from 'htm/react'
import { Fragment } from 'react'
import type { Database } from '#server/db/database.ts'
import { type PasswordCost, passwordMinLength } from '#server/staff/password-hash.ts'
import { newRecoveryCodes, recoveryCodeCount, secondFactorState } from '#server/staff/second-factor.ts'
import { type ProofResult, proveItIsThem } from '#server/staff/sign-in.ts'
import type { ThrottleSettings } from '#server/staff/sign-in-throttle.ts'
import {
  changeOwnPassword,
  checkNewPassword,
  displayNameMaxLength,
  recordStaffAudit,
  StaffAccountError,
  setDisplayName,
  staffLabel,
} from '#server/staff/staff-accounts.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { errorBanner, noticeBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { logNewLocks } from '../views/login-page.ts'
import { deviceCookieOf, requireStaffPage } from './admin-auth.ts'

export interface AccountRoutesOptions {
  db: Database
  encryptionKey: Buffer
  ipHashSalt: string
  cookieSecure: boolean
  throttle: ThrottleSettings
  now: () => Date
  /** The scrypt cost of a new own password (AppOptions.passwordCost). */
  passwordCost?: PasswordCost
}

const notices: Record<string, string> = {
  name: 'Your name was saved.',
  password: 'Your password was changed. Your other browsers and devices were signed out.',
}

type AccountError = { form: 'name' | 'password' | 'codes'; text: string }

interface AccountView {
  staff: StaffSession
  twoStepOn: boolean
  codesLeft: number
  notice?: string
  error?: AccountError
}

function fieldError(view: AccountView, form: AccountError['form']) {
  return view.error?.form === form ? { 'aria-describedby': `${form}-error`, 'aria-invalid': 'true' } : {}
}

function formError(view: AccountView, form: AccountError['form']) {
  return (
    view.error?.form === form &&
    html`<p className="error-banner" role="alert" id=${`${form}-error`}>${view.error.text}</p>`
  )
}

function nameSection(view: AccountView) {
  return html`<section aria-labelledby="name-heading">
    <h2 id="name-heading">Your name</h2>
    <p>Colleagues see it on the desk instead of your e-mail (${view.staff.email}).</p>
    ${formError(view, 'name')}
    <form method="post" action="/admin/account/name" className="stack narrow" data-submit-once="">
      <div className="field">
        <label htmlFor="display-name">Name</label>
        <input id="display-name" name="name" type="text" autoComplete="name" maxLength=${displayNameMaxLength}
          defaultValue=${view.staff.displayName ?? ''} ...${fieldError(view, 'name')} />
      </div>
      <button type="submit">Save name</button>
    </form>
  </section>`
}

function passwordSection(view: AccountView) {
  const invalid = fieldError(view, 'password')
  return html`<section aria-labelledby="password-heading">
    <h2 id="password-heading">Change your password</h2>
    <p>At least ${passwordMinLength} characters. Your other browsers and devices are signed out; this one stays signed in.</p>
    ${formError(view, 'password')}
    <form method="post" action="/admin/account/password" className="stack narrow" data-submit-once="">
      <div className="field">
        <label htmlFor="current-password">Current password</label>
        <input id="current-password" name="current" type="password" autoComplete="current-password" required
          maxLength="1024" ...${invalid} />
      </div>
      <div className="field">
        <label htmlFor="new-password">New password</label>
        <input id="new-password" name="password" type="password" autoComplete="new-password" required
          minLength=${passwordMinLength} maxLength="1024" />
      </div>
      <div className="field">
        <label htmlFor="repeat-password">New password again</label>
        <input id="repeat-password" name="repeat" type="password" autoComplete="new-password" required
          minLength=${passwordMinLength} maxLength="1024" />
      </div>
      <button type="submit">Change password</button>
    </form>
  </section>`
}

function codesSection(view: AccountView) {
  if (!view.twoStepOn) {
    return html`<section aria-labelledby="codes-heading">
      <h2 id="codes-heading">Recovery codes</h2>
      <p>You get recovery codes when you <a href="/admin/two-factor">set up two-step sign-in</a>.</p>
    </section>`
  }
  return html`<section aria-labelledby="codes-heading">
    <h2 id="codes-heading">Recovery codes</h2>
    <p>
      You have ${view.codesLeft} unused recovery ${view.codesLeft === 1 ? 'code' : 'codes'}. New codes replace
      every old one: the old ones stop working at once.
    </p>
    ${formError(view, 'codes')}
    <form method="post" action="/admin/account/recovery-codes" className="stack narrow" data-submit-once="">
      <div className="field">
        <label htmlFor="codes-proof">Your password, or a code from your authenticator app</label>
        <input id="codes-proof" name="proof" type="password" autoComplete="current-password" required
          maxLength="1024" ...${fieldError(view, 'codes')} />
      </div>
      <button type="submit">Make ${recoveryCodeCount} new recovery codes</button>
    </form>
  </section>`
}

function accountPage(view: AccountView): string {
  return staffPage({
    title: 'Your account',
    staffEmail: view.staff.email,
    staffName: view.staff.displayName,
    owner: view.staff.role === 'owner',
    current: 'account',
    body: html`<${Fragment}>
      <h1>Your account</h1>
      ${noticeBanner(view.notice)}
      ${nameSection(view)}
      ${passwordSection(view)}
      ${codesSection(view)}
    <//>`,
  })
}

/** The new codes, once, with a copy button (the desk's script) and a download as a text file. */
function newCodesPage(staff: StaffSession, codes: string[]): string {
  return staffPage({
    title: 'New recovery codes',
    staffEmail: staff.email,
    staffName: staff.displayName,
    owner: staff.role === 'owner',
    current: 'account',
    body: html`<div className="narrow">
      <h1>Your new recovery codes</h1>
      ${noticeBanner('Your old recovery codes no longer work.')}
      <p>Keep these somewhere safe, away from your phone. Each signs you in once. They are shown only now: refreshing this page does not show them again.</p>
      <ul className="recovery-codes" aria-label="Recovery codes">
        ${codes.map((code) => html`<li key=${code}><code>${code}</code></li>`)}
      </ul>
      <p><button type="button" className="button-secondary" hidden="" data-copy=${codes.join('\n')}>Copy the codes</button></p>
      <form method="post" action="/admin/account/recovery-codes.txt">
        <input type="hidden" name="codes" value=${codes.join(' ')} />
        <button type="submit" className="button-secondary">Download as a text file</button>
      </form>
      <p><a className="button" href="/admin/account">Back to your account</a></p>
    </div>`,
  })
}

function codesExpiredPage(staff: StaffSession): string {
  return staffPage({
    title: 'Recovery codes',
    staffEmail: staff.email,
    staffName: staff.displayName,
    owner: staff.role === 'owner',
    current: 'account',
    body: html`<div className="narrow">
      <h1>Recovery codes</h1>
      ${errorBanner('These codes were shown once already. If you did not keep them, make new ones.')}
      <p><a className="button" href="/admin/account">Back to your account</a></p>
    </div>`,
  })
}

const recoveryCodePattern = /^[a-z2-9]{5}-[a-z2-9]{5}$/

function proofError(result: ProofResult, what: string, now: Date): string {
  if (result.outcome === 'busy') return 'The desk is busy checking passwords. Try again in a few seconds.'
  if (result.outcome === 'locked' && result.until) {
    const minutes = Math.max(1, Math.ceil((result.until.getTime() - now.getTime()) / 60_000))
    return `Too many wrong tries. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`
  }
  return `${what} is not correct.`
}

export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions): Promise<void> {
  const { db, encryptionKey: key } = options
  const staffOnly = { onRequest: requireStaffPage }

  async function render(reply: FastifyReply, staff: StaffSession, extra: Partial<AccountView>, status = 200) {
    const state = await secondFactorState(db, staff.userId, key)
    const view = { staff, twoStepOn: Boolean(state.enabledAt), codesLeft: state.recoveryCodesLeft, ...extra }
    return sendPage(reply, accountPage(view), status)
  }

  async function prove(request: FastifyRequest, staff: StaffSession, proof: string, allowCode: boolean) {
    const result = await proveItIsThem(
      db,
      {
        userId: staff.userId,
        email: staff.email,
        ip: request.ip,
        deviceToken: deviceCookieOf(request, options.cookieSecure),
      },
      proof,
      {
        secret: options.ipHashSalt,
        throttle: options.throttle,
        encryptionKey: key,
        now: options.now(),
        allowCode,
      },
    )
    logNewLocks(request.log, result.locked)
    return result
  }

  function statusOf(result: ProofResult): number {
    return result.outcome === 'busy' ? 503 : result.outcome === 'locked' ? 429 : 400
  }

  app.get('/admin/account', staffOnly, async (request, reply) => {
    const staff = request.staff as StaffSession
    const notice = (request.query as Record<string, unknown> | undefined)?.notice
    return render(reply, staff, {
      notice: typeof notice === 'string' && Object.hasOwn(notices, notice) ? notices[notice] : undefined,
    })
  })

  app.post<{ Body: { name?: string } }>(
    '/admin/account/name',
    {
      ...staffOnly,
      schema: { body: { type: 'object', properties: { name: { type: 'string', maxLength: 400 } } } },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      try {
        await db.transaction(async (tx) => {
          await setDisplayName(tx, staff.email, request.body.name)
          await recordStaffAudit(tx, staff.email, 'rename', staff.email)
        })
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error
        return render(reply, staff, { error: { form: 'name', text: error.message } }, 400)
      }
      return reply.redirect('/admin/account?notice=name', 303)
    },
  )

  app.post<{ Body: { current: string; password: string; repeat: string } }>(
    '/admin/account/password',
    {
      ...staffOnly,
      schema: {
        body: {
          type: 'object',
          properties: {
            current: { type: 'string', maxLength: 4096 },
            password: { type: 'string', maxLength: 4096 },
            repeat: { type: 'string', maxLength: 4096 },
          },
          required: ['current', 'password', 'repeat'],
        },
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const { current, password, repeat } = request.body
      const refuse = (text: string, status = 400) =>
        render(reply, staff, { error: { form: 'password', text } }, status)
      // Checked before the password: a typo in the new one costs no try.
      if (password !== repeat) return refuse('The two new passwords are not the same.')
      try {
        checkNewPassword(password)
      } catch (error) {
        if (error instanceof StaffAccountError) return refuse(error.message)
        throw error
      }
      const proof = await prove(request, staff, current, false)
      if (proof.outcome !== 'ok')
        return refuse(proofError(proof, 'The current password', options.now()), statusOf(proof))
      await db.transaction(async (tx) => {
        await changeOwnPassword(
          tx,
          { userId: staff.userId, keepSession: staff.tokenHash },
          password,
          options.passwordCost,
        )
        await recordStaffAudit(tx, staff.email, 'change-password', staff.email)
      })
      request.log.info({ staff: staff.userId, action: 'change-password' }, 'admin: own password changed')
      return reply.redirect('/admin/account?notice=password', 303)
    },
  )

  app.post<{ Body: { proof: string } }>(
    '/admin/account/recovery-codes',
    {
      ...staffOnly,
      schema: {
        body: {
          type: 'object',
          properties: { proof: { type: 'string', maxLength: 4096 } },
          required: ['proof'],
        },
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const state = await secondFactorState(db, staff.userId, key)
      if (!state.enabledAt) return reply.redirect('/admin/two-factor', 303)
      const proof = await prove(request, staff, request.body.proof, true)
      if (proof.outcome !== 'ok') {
        const text = proofError(proof, 'That password or code', options.now())
        return render(reply, staff, { error: { form: 'codes', text } }, statusOf(proof))
      }
      const shown = await db.transaction(async (tx) => {
        const codes = await newRecoveryCodes(tx, staff.userId)
        await recordStaffAudit(tx, staff.email, 'recovery-codes', staff.email)
        return putFlash(tx, staff, 'recovery-codes', codes, options.now(), key)
      })
      return reply.redirect(`/admin/account/recovery-codes?shown=${shown}`, 303)
    },
  )

  app.get('/admin/account/recovery-codes', staffOnly, async (request, reply) => {
    const staff = request.staff as StaffSession
    const id = (request.query as Record<string, unknown> | undefined)?.shown
    const codes = await takeFlash<string[]>(db, staff, 'recovery-codes', id, options.now(), key)
    if (!codes) return sendPage(reply, codesExpiredPage(staff), 410)
    return sendPage(reply, newCodesPage(staff, codes))
  })

  /**
   * The codes the page shows, posted back from its hidden fields and answered as a file to keep:
   * nothing is read from the database, so this shows no one anything they did not already have.
   */
  app.post<{ Body: { codes: string } }>(
    '/admin/account/recovery-codes.txt',
    {
      ...staffOnly,
      schema: {
        body: {
          type: 'object',
          properties: { codes: { type: 'string', maxLength: 200 } },
          required: ['codes'],
        },
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const codes = request.body.codes.split(' ').filter((code) => recoveryCodePattern.test(code))
      if (codes.length === 0 || codes.length > recoveryCodeCount) return reply.redirect('/admin/account', 303)
      const text = [
        `Recovery codes for ${staffLabel(staff)} (${staff.email}), lead desk sign-in.`,
        'Each code signs you in once, instead of a code from your phone.',
        '',
        ...codes,
        '',
      ].join('\r\n')
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', 'attachment; filename="lead-desk-recovery-codes.txt"')
        .send(text)
    },
  )
}
