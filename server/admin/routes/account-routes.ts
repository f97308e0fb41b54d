/**
 * A staff member's own account (/admin/account): the name colleagues see, a new password (the
 * current one first; the account's other sessions are signed out, this one stays), and new
 * recovery codes (the password or an authenticator code first). Every change is a POST answered
 * by a redirect (Post/Redirect/Get); new codes are shown once on the page the redirect names
 * (server/staff/staff-flash.ts), never in a URL, and recorded in staff_audit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { newRecoveryCodes, recoveryCodeCount, secondFactorState } from '#server/staff/second-factor.ts'
import { type ProofResult, proveItIsThem } from '#server/staff/sign-in.ts'
import {
  changeOwnPassword,
  checkNewPassword,
  recordStaffAudit,
  StaffAccountError,
  staffLabel,
} from '#server/staff/staff-accounts.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import {
  type AccountView,
  accountPage,
  choosePasswordPage,
  codesExpiredPage,
  newCodesPage,
} from '../views/account-page.tsx'
import { sendPage } from '../views/admin-layout.tsx'
import { deviceCookieOf, passwordDue, requireStaffPage, safeNextPath, withNext } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { formBody, noticeFrom, renameAccount, textField } from './route-helpers.ts'
import { logNewLocks, waitOf } from './sign-in-routes.ts'

type AccountRoutesOptions = Pick<
  DeskOptions,
  'db' | 'encryptionKey' | 'ipHashSalt' | 'cookieSecure' | 'throttle' | 'now' | 'passwordCost'
>

const notices: Record<string, string> = {
  name: 'Your name was saved.',
  password: 'Your password was changed. Your other browsers and devices were signed out.',
}

interface PasswordBody {
  current: string
  password: string
  repeat: string
  next?: string
}

const recoveryCodePattern = /^[a-z2-9]{5}-[a-z2-9]{5}$/

export function proofError(result: ProofResult, what: string, now: Date): string {
  if (result.outcome === 'busy') return 'The desk is busy checking passwords. Try again in a few seconds.'
  if (result.outcome === 'locked' && result.until) {
    return `Too many wrong tries. Please wait ${waitOf(result.until, now).words} and try again.`
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
    return render(reply, staff, { notice: noticeFrom(request.query, notices) })
  })

  app.post<{ Body: { name?: string } }>(
    '/admin/account/name',
    {
      ...staffOnly,
      schema: { body: { type: 'object', properties: { name: textField(400) } } },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const refused = await renameAccount(db, staff.email, staff.email, request.body.name)
      if (refused !== undefined) return render(reply, staff, { error: { form: 'name', text: refused } }, 400)
      return reply.redirect('/admin/account?notice=name', 303)
    },
  )

  /**
   * A new password of the member's own, the current one proved first; undefined once changed, else
   * why it was refused and the status to answer with.
   */
  async function changePassword(
    request: FastifyRequest,
    staff: StaffSession,
    typed: PasswordBody,
  ): Promise<{ text: string; status: number } | undefined> {
    const { current, password, repeat } = typed
    // Checked before the password: a typo in the new one costs no try.
    if (password !== repeat) return { text: 'The two new passwords are not the same.', status: 400 }
    try {
      checkNewPassword(password)
    } catch (error) {
      if (error instanceof StaffAccountError) return { text: error.message, status: 400 }
      throw error
    }
    if (staff.mustChangePassword && password === current)
      return { text: 'Choose a new password, not the one you were given.', status: 400 }
    const proof = await prove(request, staff, current, false)
    if (proof.outcome !== 'ok')
      return { text: proofError(proof, 'The current password', options.now()), status: statusOf(proof) }
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
    return undefined
  }

  const passwordSchema = {
    body: formBody(
      { current: textField(4096), password: textField(4096), repeat: textField(4096) },
      { next: textField(500) },
    ),
  }

  app.post<{ Body: PasswordBody }>(
    '/admin/account/password',
    { ...staffOnly, schema: passwordSchema },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const refused = await changePassword(request, staff, request.body)
      if (refused)
        return render(reply, staff, { error: { form: 'password', text: refused.text } }, refused.status)
      return reply.redirect('/admin/account?notice=password', 303)
    },
  )

  // A password someone else made (an owner on the desk, a generated one): every desk page sends
  // the member here first (admin-auth.ts requireStaffPage), with the page they were going to as
  // `next`, where they go once their own password is saved.
  app.get('/admin/password', async (request, reply) => {
    const query = request.query && typeof request.query === 'object' ? request.query : {}
    const next = safeNextPath('next' in query ? query.next : undefined)
    if (request.staff) return reply.redirect(next ?? '/admin/account', 303)
    const staff = passwordDue(request)
    if (!staff) return requireStaffPage(request, reply)
    return sendPage(reply, choosePasswordPage({ staff, next }))
  })

  app.post<{ Body: PasswordBody }>('/admin/password', { schema: passwordSchema }, async (request, reply) => {
    const next = safeNextPath(request.body.next)
    if (request.staff) return reply.redirect(next ?? '/admin', 303)
    const staff = passwordDue(request)
    if (!staff) return reply.redirect(withNext('/admin/login', next), 303)
    const refused = await changePassword(request, staff, request.body)
    if (refused)
      return sendPage(reply, choosePasswordPage({ staff, next, error: refused.text }), refused.status)
    return reply.redirect(next ?? '/admin', 303)
  })

  app.post<{ Body: { proof: string } }>(
    '/admin/account/recovery-codes',
    { ...staffOnly, schema: { body: formBody({ proof: textField(4096) }) } },
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
      // Also for a member who must still choose a password: the codes are shown at the set-up of
      // two-step sign-in, before that page.
      onRequest: async (request, reply) =>
        passwordDue(request) ? undefined : requireStaffPage(request, reply),
      schema: { body: formBody({ codes: textField(200) }) },
    },
    async (request, reply) => {
      const staff = request.staff ?? passwordDue(request)
      if (!staff) return reply.redirect('/admin/login', 303)
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
