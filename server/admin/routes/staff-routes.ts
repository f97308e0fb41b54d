/**
 * Staff accounts managed from the desk (/admin/staff), by owner accounts only: add a member (a
 * password is generated and shown once), reset a password, sign an account out everywhere, reset
 * its two-step sign-in (a lost phone), make it an owner or staff, remove it. `npm run staff` does
 * the same from the server's shell and stays the way to make the first owner.
 *
 * Every change is a POST from a page of this site (the Origin check in admin-routes.ts), by a
 * signed-in owner whose role is read with the session on each request, and is recorded in
 * staff_audit with who made it. Resetting a password or two-step sign-in, signing out everywhere
 * and removing are asked first on a page of their own (a GET naming the account by its id, never
 * its e-mail), whose form posts the change. A generated password is shown once after a redirect
 * (server/staff/staff-flash.ts): a refresh neither posts again nor shows it again. An owner cannot
 * change their own account here: no one locks the agency out of its own desk with one click. A
 * change that cannot be made says why and changes nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { listStaffUsers, removeStaffMember } from '#server/leads/staff-leads.ts'
import { resetSecondFactor } from '#server/staff/second-factor.ts'
import { accountTag, clearLock, currentLocks, tagOfKey } from '#server/staff/sign-in-throttle.ts'
import {
  addStaffUser,
  checkDisplayName,
  checkStaffEmail,
  endStaffSessions,
  findStaffUserByEmail,
  findStaffUserById,
  generatePassword,
  isStaffRole,
  recentStaffAudit,
  recordStaffAudit,
  requirePasswordChange,
  StaffAccountError,
  StaffNameTakenError,
  type StaffUser,
  setStaffPassword,
  setStaffRole,
  staffLabel,
} from '#server/staff/staff-accounts.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import {
  type ConfirmedAction,
  confirmPage,
  confirmRemovePage,
  type ListOptions,
  listPage,
  lockView,
  nameFormPage,
  passwordGonePage,
  passwordPage,
  type RemoveView,
  type ShownPassword,
} from '../views/staff-accounts-page.tsx'
import type { DeskOptions } from './desk-options.ts'
import { requireOwner } from './owner-only.ts'
import { formBody, noticeFrom, renameAccount, textField } from './route-helpers.ts'

type StaffRoutesOptions = Pick<DeskOptions, 'db' | 'encryptionKey' | 'ipHashSalt' | 'now' | 'passwordCost'>

/** How many account changes the page lists. */
const auditShown = 20
/** How many sign-in locks the page lists (a flood can lock many addresses). */
const locksShown = 50

const notices: Record<string, string> = {
  sessions: 'Signed out everywhere. They must sign in again.',
  'two-factor': 'Two-step sign-in removed. They set it up again at their next sign-in, and were signed out.',
  'role-owner': 'The account is now an owner.',
  'role-staff': 'The account is now staff.',
  removed: 'The account was removed and signed out. Its work log entries keep its e-mail.',
  name: 'The name was saved.',
  unlocked: 'The lock was cleared: sign-ins it refused can be tried again.',
}

const emailBody = formBody(
  { email: textField(254) },
  {
    role: textField(20),
    confirm: textField(10),
    name: textField(400),
    leads: textField(20),
    to: textField(100),
  },
)

/** A throttle key as the locks list posts it: a kind and keyed hashes, nothing else. */
const unlockBody = formBody({
  key: { ...textField(200), pattern: '^(account|pair|device|address):[0-9a-f:]+$' },
})

interface AccountBody {
  Body: { email: string; role?: string; confirm?: string; name?: string; leads?: string; to?: string }
}

const ownAccountRefusal = 'You cannot change your own account here. Ask another owner, or use npm run staff.'

export async function staffRoutes(app: FastifyInstance, options: StaffRoutesOptions): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('manages staff accounts') }

  async function renderList(
    owner: StaffSession,
    extra: Pick<ListOptions, 'notice' | 'error' | 'typed'> = {},
  ): Promise<string> {
    const [accounts, audit, locks] = await Promise.all([
      listStaffUsers(db, options.now()),
      recentStaffAudit(db, auditShown),
      currentLocks(db, options.now(), locksShown),
    ])
    const emailsByTag = await accountTags(accounts.map((account) => account.email))
    const views = locks.map((lock) => lockView(lock, emailsByTag))
    return listPage({ owner, accounts, audit, locks: views, ...extra })
  }

  /** The staff page again, saying why nothing changed. */
  async function refuse(reply: FastifyReply, owner: StaffSession, status: number, error: string) {
    return sendPage(reply, await renderList(owner, { error }), status)
  }

  /** Each staff account's tag, as the sign-in throttle's keys carry it. */
  async function accountTags(emails: string[]): Promise<Map<string, string>> {
    return new Map(emails.map((email) => [accountTag(email, options.ipHashSalt), email]))
  }

  /** The account an action names: refused (nothing changes) when it is unknown or the owner's own. */
  async function target(
    request: FastifyRequest<AccountBody>,
    reply: FastifyReply,
    owner: StaffSession,
  ): Promise<StaffUser | undefined> {
    let email: string
    try {
      email = checkStaffEmail(request.body.email)
    } catch {
      await refuse(reply, owner, 400, 'That is not an e-mail address.')
      return undefined
    }
    if (email === owner.email) {
      await refuse(reply, owner, 400, ownAccountRefusal)
      return undefined
    }
    const user = await findStaffUserByEmail(db, email)
    if (!user) {
      await refuse(reply, owner, 404, `There is no staff account for ${email}.`)
      return undefined
    }
    return user
  }

  /** The account a confirmation page names by its id (?account=): the same refusals as target. */
  async function asked(request: FastifyRequest, reply: FastifyReply, owner: StaffSession) {
    const id = (request.query as Record<string, unknown> | undefined)?.account
    const user = typeof id === 'string' ? await findStaffUserById(db, id) : undefined
    if (!user) {
      await refuse(reply, owner, 404, 'There is no such staff account any more.')
      return undefined
    }
    if (user.email === owner.email) {
      await refuse(reply, owner, 400, ownAccountRefusal)
      return undefined
    }
    return user
  }

  /** The page that asks before a change to the account it names (GET /admin/staff/<action>?account=). */
  function askPage(
    action: ConfirmedAction | 'name',
    page: (owner: StaffSession, user: StaffUser) => string | Promise<string>,
  ) {
    app.get(`/admin/staff/${action}`, ownerOnly, async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await asked(request, reply, owner)
      if (!user) return reply
      return sendPage(reply, await page(owner, user))
    })
  }

  /**
   * The post that changes the account it names (target). A confirmed action runs only when posted
   * from its confirmation page; any other post of it is sent there, and nothing changes.
   */
  function accountPost(
    action: ConfirmedAction | 'name',
    change: (
      request: FastifyRequest<AccountBody>,
      reply: FastifyReply,
      owner: StaffSession,
      user: StaffUser,
    ) => Promise<unknown>,
  ) {
    app.post<AccountBody>(
      `/admin/staff/${action}`,
      { ...ownerOnly, schema: { body: emailBody } },
      async (request, reply) => {
        const owner = request.staff as StaffSession
        const user = await target(request, reply, owner)
        if (!user) return reply
        if (action !== 'name' && request.body.confirm !== 'yes')
          return reply.redirect(`/admin/staff/${action}?account=${user.id}`, 303)
        return change(request, reply, owner, user)
      },
    )
  }

  for (const action of ['password', 'sessions', 'two-factor'] as const) {
    askPage(action, (owner, user) => confirmPage(owner, action, user))
  }
  askPage('remove', async (owner, user) => confirmRemovePage(owner, await removeView(user)))
  askPage('name', (owner, user) => nameFormPage(owner, user))

  async function removeView(user: StaffUser, error?: string): Promise<RemoveView> {
    const accounts = await listStaffUsers(db, options.now())
    const openLeads = accounts.find((account) => account.id === user.id)?.openLeads ?? 0
    return { account: user, openLeads, others: accounts.filter((account) => account.id !== user.id), error }
  }

  accountPost('name', async (request, reply, owner, user) => {
    const refused = await renameAccount(db, owner.email, user.email, request.body.name)
    if (refused !== undefined) return sendPage(reply, nameFormPage(owner, user, refused), 400)
    return done(reply, 'name')
  })

  /** The generated password, once, after the redirect of the POST that made it. */
  app.get('/admin/staff/password-shown', ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const id = (request.query as Record<string, unknown> | undefined)?.shown
    const shown = await takeFlash<ShownPassword>(
      db,
      owner,
      'password',
      id,
      options.now(),
      options.encryptionKey,
    )
    if (!shown) return sendPage(reply, passwordGonePage(owner), 410)
    return sendPage(reply, passwordPage(owner, shown))
  })

  async function showPasswordOnce(reply: FastifyReply, owner: StaffSession, shown: ShownPassword) {
    const id = await putFlash(db, owner, 'password', shown, options.now(), options.encryptionKey)
    return reply.redirect(`/admin/staff/password-shown?shown=${id}`, 303)
  }

  /**
   * Runs a role change or a removal; when it would leave the desk without an owner (another owner
   * changed at the same moment), answers the page with why and returns false.
   */
  async function keepingAnOwner(
    reply: FastifyReply,
    owner: StaffSession,
    change: () => Promise<void>,
  ): Promise<boolean> {
    try {
      await change()
      return true
    } catch (error) {
      if (!(error instanceof StaffAccountError)) throw error
      await refuse(reply, owner, 409, error.message)
      return false
    }
  }

  function done(reply: FastifyReply, notice: keyof typeof notices) {
    return reply.redirect(`/admin/staff?notice=${notice}`, 303)
  }

  app.get('/admin/staff', ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    return sendPage(reply, await renderList(owner, { notice: noticeFrom(request.query, notices) }))
  })

  app.post<AccountBody>(
    '/admin/staff',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const role = request.body.role ?? 'staff'
      const typed = {
        email: request.body.email,
        role: isStaffRole(role) ? role : 'staff',
        name: request.body.name ?? '',
      }
      const refuseTyped = async (error: string) =>
        sendPage(reply, await renderList(owner, { error, typed }), 400)
      if (!isStaffRole(role)) return refuseTyped('Choose a role: staff or owner.')
      const password = generatePassword()
      let name: string | null
      try {
        name = checkDisplayName(request.body.name)
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error
        return refuseTyped(error.message)
      }
      try {
        const user = await db.transaction(async (tx) => {
          const added = await addStaffUser(tx, request.body.email, password, role, name, options.passwordCost)
          // The owner reads this password to the member: the member chooses their own at sign-in.
          await requirePasswordChange(tx, added.email)
          await recordStaffAudit(tx, owner.email, 'add', added.email)
          if (role === 'owner') await recordStaffAudit(tx, owner.email, 'role-owner', added.email)
          return added
        })
        request.log.info({ staff: owner.userId, action: 'staff-add' }, 'admin: staff account added')
        return showPasswordOnce(reply, owner, {
          email: user.email,
          label: staffLabel(user),
          password,
          added: true,
        })
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error
        if (error instanceof StaffNameTakenError) return refuseTyped(error.message)
        return refuseTyped(
          /already exists/.test(error.message)
            ? `${checkStaffEmail(request.body.email)} already has an account.`
            : 'That is not an e-mail address.',
        )
      }
    },
  )

  accountPost('password', async (_request, reply, owner, user) => {
    const password = generatePassword()
    await db.transaction(async (tx) => {
      await setStaffPassword(tx, user.email, password, options.passwordCost)
      await requirePasswordChange(tx, user.email)
      await recordStaffAudit(tx, owner.email, 'reset-password', user.email)
    })
    return showPasswordOnce(reply, owner, {
      email: user.email,
      label: staffLabel(user),
      password,
      added: false,
    })
  })

  accountPost('sessions', async (_request, reply, owner, user) => {
    await db.transaction(async (tx) => {
      await endStaffSessions(tx, user.email)
      await recordStaffAudit(tx, owner.email, 'end-sessions', user.email)
    })
    return done(reply, 'sessions')
  })

  accountPost('two-factor', async (_request, reply, owner, user) => {
    await db.transaction((tx) => resetSecondFactor(tx, user.email, owner.email))
    return done(reply, 'two-factor')
  })

  app.post<AccountBody>(
    '/admin/staff/role',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const role = request.body.role
      // Checked before the account, as the page has always answered.
      if (!isStaffRole(role)) return refuse(reply, owner, 400, 'Choose a role: staff or owner.')
      const user = await target(request, reply, owner)
      if (!user) return reply
      const changed = await keepingAnOwner(reply, owner, () =>
        db.transaction(async (tx) => {
          await setStaffRole(tx, user.email, role)
          await recordStaffAudit(tx, owner.email, role === 'owner' ? 'role-owner' : 'role-staff', user.email)
        }),
      )
      return changed ? done(reply, role === 'owner' ? 'role-owner' : 'role-staff') : reply
    },
  )

  // Only the confirmation page's post removes (accountPost).
  accountPost('remove', async (request, reply, owner, user) => {
    const view = await removeView(user)
    const choice = request.body.leads ?? (view.openLeads === 0 ? 'unassign' : '')
    const reassignTo = choice === 'reassign' ? (request.body.to ?? '') : undefined
    if (choice !== 'unassign' && !reassignTo) {
      const error = 'Choose who takes their open leads, or leave them unassigned.'
      return sendPage(reply, confirmRemovePage(owner, { ...view, error }), 400)
    }
    // Their open leads move (or not) in the same transaction as the removal: all or nothing.
    const removed = await keepingAnOwner(reply, owner, () =>
      db.transaction(async (tx) => {
        await removeStaffMember(tx, user.email, {
          reassignTo,
          actor: { userId: owner.userId, email: owner.email },
          at: options.now(),
        })
        await recordStaffAudit(tx, owner.email, 'remove', user.email)
      }),
    )
    return removed ? done(reply, 'removed') : reply
  })

  app.post<{ Body: { key: string } }>(
    '/admin/staff/unlock',
    { ...ownerOnly, schema: { body: unlockBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const key = request.body.key
      const accounts = await listStaffUsers(db, options.now())
      const tag = tagOfKey(key)
      const email = tag ? (await accountTags(accounts.map((account) => account.email))).get(tag) : undefined
      const target = email ?? (tag ? 'an e-mail that is no staff account' : 'an address')
      const cleared = await db.transaction(async (tx) => {
        if (!(await clearLock(tx, key, options.now()))) return false
        await recordStaffAudit(tx, owner.email, 'unlock', target)
        return true
      })
      if (!cleared)
        return refuse(
          reply,
          owner,
          404,
          'That lock is no longer there: it ran out or another owner cleared it.',
        )
      request.log.info({ staff: owner.userId, action: 'sign-in-unlock' }, 'admin: sign-in lock cleared')
      return done(reply, 'unlocked')
    },
  )
}
