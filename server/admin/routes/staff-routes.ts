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
 * (server/staff/staff-flash.ts): a refresh neither posts again nor shows it again. An owner cannot change their own account here: no one locks the
 * agency out of its own desk with one click. A change that cannot be made says why and changes
 * nothing.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { html } from 'htm/react'
import { Fragment, type ReactNode } from 'react'
import type { Database } from '#server/db/database.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import { resetSecondFactor } from '#server/staff/second-factor.ts'
import {
  accountTag,
  clearLock,
  currentLocks,
  type SignInLock,
  tagOfKey,
} from '#server/staff/sign-in-throttle.ts'
import {
  addStaffUser,
  checkDisplayName,
  checkStaffEmail,
  displayNameMaxLength,
  endStaffSessions,
  findStaffUserByEmail,
  findStaffUserById,
  generatePassword,
  isStaffRole,
  listStaffUsers,
  recentStaffAudit,
  recordStaffAudit,
  removeStaffUser,
  StaffAccountError,
  type StaffAuditAction,
  type StaffUser,
  type StaffUserSummary,
  setDisplayName,
  setStaffPassword,
  setStaffRole,
  staffLabel,
} from '#server/staff/staff-accounts.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffRole, StaffSession } from '#server/staff/staff-sessions.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { requireOwner } from './owner-only.ts'

export interface StaffRoutesOptions {
  db: Database
  /** Encrypts a generated password for the moment between its POST and the page showing it. */
  encryptionKey: Buffer
  /** The server's secret: names the account a sign-in lock is about. */
  ipHashSalt: string
  now: () => Date
  /** The scrypt cost of the passwords it sets (AppOptions.passwordCost). */
  passwordCost?: PasswordCost
}

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

const auditWords: Record<StaffAuditAction, string> = {
  add: 'added',
  remove: 'removed',
  'reset-password': 'reset the password of',
  'end-sessions': 'signed out everywhere',
  'reset-two-factor': 'reset two-step sign-in of',
  'role-owner': 'made an owner:',
  'role-staff': 'made staff:',
  unlock: 'cleared the sign-in lock of',
  'change-password': 'changed the password of',
  'recovery-codes': 'made new recovery codes for',
  rename: 'changed the name of',
}

function roleName(role: StaffRole): string {
  return role === 'owner' ? 'Owner' : 'Staff'
}

interface ListOptions {
  owner: StaffSession
  accounts: StaffUserSummary[]
  audit: Awaited<ReturnType<typeof recentStaffAudit>>
  locks: LockView[]
  notice?: string
  error?: string
  /** What was typed in the add form, kept when it is refused. */
  typed?: { email: string; role: StaffRole; name: string }
}

/** One small form per action: the account's e-mail travels in the body, never in the URL. */
function actionButton(action: string, email: string, label: string, extra?: ReactNode): ReactNode {
  return html`<form method="post" action=${`/admin/staff/${action}`} data-submit-once="">
    <input type="hidden" name="email" value=${email} />
    ${extra}
    <button type="submit" className="button-secondary">${label}</button>
  </form>`
}

/** A link to the page that asks first (confirmed actions): the account named by its id. */
function askLink(action: ConfirmedAction | 'name', account: StaffUserSummary, label: string): ReactNode {
  return html`<a className="button-secondary" href=${`/admin/staff/${action}?account=${account.id}`}>${label}</a>`
}

function accountRow(account: StaffUserSummary, self: string): ReactNode {
  const isSelf = account.email === self
  const other = account.role === 'owner' ? 'staff' : 'owner'
  const actions = isSelf
    ? html`<p className="muted">Your own account: another owner, or <code>npm run staff</code>, changes it. Your name and password: <a href="/admin/account">Your account</a>.</p>`
    : html`<div className="account-actions">
        ${askLink('password', account, 'Reset password…')}
        ${askLink('sessions', account, 'Sign out everywhere…')}
        ${account.twoStepOn && askLink('two-factor', account, 'Reset two-step sign-in…')}
        ${actionButton(
          'role',
          account.email,
          other === 'owner' ? 'Make owner' : 'Make staff',
          html`<input type="hidden" name="role" value=${other} />`,
        )}
        ${askLink('name', account, 'Change name…')}
        ${askLink('remove', account, 'Remove…')}
      </div>`
  return html`<tr key=${account.email}>
    <th scope="row">
      ${staffLabel(account)}${isSelf ? ' (you)' : ''}
      ${account.displayName && html`<br /><span className="muted">${account.email}</span>`}
    </th>
    <td>${roleName(account.role)}</td>
    <td>${account.twoStepOn ? 'On' : 'Not set up'}</td>
    <td>${account.lastSignInAt ? formatDateTime(account.lastSignInAt) : 'Never'}</td>
    <td>${account.activeSessions}</td>
    <td>${account.openLeads}</td>
    <td>${actions}</td>
  </tr>`
}

/** A lock as the owner sees it: whose it is, never an address. */
interface LockView {
  key: string
  /** The staff account it is about, when it is about one. */
  email?: string
  what: string
  lockedUntil: Date
}

const lockWhat: Record<SignInLock['kind'], string> = {
  account: 'from places it never signed in from',
  pair: 'from one address',
  device: 'on one browser',
  address: 'every account',
}

function lockView(lock: SignInLock, emailsByTag: Map<string, string>): LockView {
  const tag = tagOfKey(lock.key)
  const email = tag ? emailsByTag.get(tag) : undefined
  const who = lock.kind === 'address' ? 'An address' : (email ?? 'An e-mail that is no staff account')
  return { key: lock.key, email, what: `${who}: ${lockWhat[lock.kind]}`, lockedUntil: lock.lockedUntil }
}

function locksSection(locks: LockView[]): ReactNode {
  return html`<${Fragment}>
    <h2 id="locks-heading">Locked sign-ins</h2>
    <p>Too many wrong passwords or codes lock sign-ins for 15 minutes. A lock on an account never refuses a place or browser it signed in from before. Clear one when you know who caused it.</p>
    ${
      locks.length === 0
        ? html`<p className="muted">No sign-in is locked now.</p>`
        : html`<div className="table-scroll">
            <table className="staff-table" aria-labelledby="locks-heading">
              <thead>
                <tr><th scope="col">Locked</th><th scope="col">Until</th><th scope="col">Action</th></tr>
              </thead>
              <tbody>
                ${locks.map(
                  (lock) => html`<tr key=${lock.key}>
                    <th scope="row">${lock.what}</th>
                    <td><time dateTime=${new Date(lock.lockedUntil).toISOString()}>${formatDateTime(lock.lockedUntil)}</time></td>
                    <td>
                      <form method="post" action="/admin/staff/unlock" data-submit-once="">
                        <input type="hidden" name="key" value=${lock.key} />
                        <button type="submit" className="button-secondary">Clear</button>
                      </form>
                    </td>
                  </tr>`,
                )}
              </tbody>
            </table>
          </div>`
    }
  <//>`
}

function listPage(options: ListOptions): string {
  const typed = options.typed ?? { email: '', role: 'staff', name: '' }
  const invalid = options.error ? { 'aria-describedby': 'add-error', 'aria-invalid': 'true' } : {}
  return staffPage({
    title: 'Staff accounts',
    staffEmail: options.owner.email,
    staffName: options.owner.displayName,
    owner: true,
    current: 'staff',
    body: html`<${Fragment}>
      <h1>Staff accounts</h1>
      ${noticeBanner(options.notice)}
      <div className="table-scroll">
        <table className="staff-table">
          <caption>Who can sign in to the lead desk</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Role</th>
              <th scope="col">Two-step sign-in</th>
              <th scope="col">Last sign-in</th>
              <th scope="col">Signed in on</th>
              <th scope="col">Open leads</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            ${options.accounts.map((account) => accountRow(account, options.owner.email))}
          </tbody>
        </table>
      </div>
      ${locksSection(options.locks)}
      <h2 id="add-heading">Add a staff member</h2>
      <p>The desk makes a password and shows it once. Give it to them in person or by phone, never by e-mail.</p>
      ${options.error && html`<p className="error-banner" role="alert" id="add-error">${options.error}</p>`}
      <form method="post" action="/admin/staff" className="stack narrow" aria-labelledby="add-heading" data-submit-once="">
        <div className="field">
          <label htmlFor="new-email">E-mail</label>
          <input id="new-email" name="email" type="email" autoComplete="off" required maxLength="254"
            defaultValue=${typed.email} ...${invalid} />
        </div>
        <div className="field">
          <label htmlFor="new-name">Name (optional, shown to colleagues)</label>
          <input id="new-name" name="name" type="text" autoComplete="off" maxLength=${displayNameMaxLength}
            defaultValue=${typed.name} />
        </div>
        <fieldset className="field">
          <legend>Role</legend>
          <label className="choice">
            <input type="radio" name="role" value="staff" defaultChecked=${typed.role === 'staff'} /> Staff: works leads
          </label>
          <label className="choice">
            <input type="radio" name="role" value="owner" defaultChecked=${typed.role === 'owner'} /> Owner: works leads and manages staff accounts
          </label>
        </fieldset>
        <button type="submit">Add account</button>
      </form>
      <h2>Recent account changes</h2>
      ${
        options.audit.length === 0
          ? html`<p className="muted">None yet.</p>`
          : html`<ul className="audit-list">
              ${options.audit.map(
                (entry, index) =>
                  html`<li key=${index}>
                    <time dateTime=${new Date(entry.at).toISOString()}>${formatDateTime(entry.at)}</time>:${' '}
                    ${`${entry.actorEmail} ${auditWords[entry.action] ?? entry.action} ${entry.targetEmail}`}
                  </li>`,
              )}
            </ul>`
      }
    <//>`,
  })
}

/** What a page must know of the owner who looks at it. */
type Viewer = Pick<StaffSession, 'email' | 'displayName'>

function ownerPage(owner: Viewer, title: string, body: ReactNode): string {
  return staffPage({
    title,
    staffEmail: owner.email,
    staffName: owner.displayName,
    owner: true,
    current: 'staff',
    body,
  })
}

/** A password shown once, on the GET the POST redirected to (value never in a URL). */
interface ShownPassword {
  email: string
  label: string
  password: string
  added: boolean
}

function passwordPage(owner: Viewer, shown: ShownPassword): string {
  const { label, password, added } = shown
  return ownerPage(
    owner,
    added ? 'Account added' : 'Password reset',
    html`<div className="narrow">
      <h1>${added ? 'Account added' : 'Password reset'}</h1>
      ${noticeBanner(added ? `${label} can now sign in.` : `${label} was signed out everywhere and needs this new password.`)}
      <p>Their password, shown only now (refreshing this page does not show it again):</p>
      <p><code className="secret">${password}</code></p>
      <p>
        Give it to them in person or by phone. They sign in at <code>/admin</code> with ${shown.email}${added ? ' and set up two-step sign-in' : ''}.
      </p>
      <p><a className="button" href="/admin/staff">Back to staff accounts</a></p>
    </div>`,
  )
}

function passwordGonePage(owner: Viewer): string {
  return ownerPage(
    owner,
    'Password shown already',
    html`<div className="narrow">
      <h1>Password shown already</h1>
      ${errorBanner('A generated password is shown once. If it was not written down, reset it again.')}
      <p><a className="button" href="/admin/staff">Back to staff accounts</a></p>
    </div>`,
  )
}

/** The actions asked first on a page of their own. */
type ConfirmedAction = 'password' | 'sessions' | 'two-factor' | 'remove'

const confirmTexts: Record<
  Exclude<ConfirmedAction, 'remove'>,
  { title: string; why: string; button: string }
> = {
  password: {
    title: 'Reset {name}’s password?',
    why: 'The desk makes a new password and shows it to you once. They are signed out everywhere, and their current password stops working.',
    button: 'Reset password',
  },
  sessions: {
    title: 'Sign {name} out everywhere?',
    why: 'Every browser and device they are signed in on is signed out at once. Their password stays the same.',
    button: 'Sign out everywhere',
  },
  'two-factor': {
    title: 'Reset {name}’s two-step sign-in?',
    why: 'For a lost phone: their authenticator and recovery codes stop working, they are signed out, and they set up two-step sign-in again at their next sign-in.',
    button: 'Reset two-step sign-in',
  },
}

function confirmPage(owner: Viewer, action: Exclude<ConfirmedAction, 'remove'>, account: StaffUser): string {
  const text = confirmTexts[action]
  const title = text.title.replace('{name}', staffLabel(account))
  return ownerPage(
    owner,
    title,
    html`<div className="narrow">
      <h1>${title}</h1>
      <p>${text.why}</p>
      <form method="post" action=${`/admin/staff/${action}`} className="stack" data-submit-once="">
        <input type="hidden" name="email" value=${account.email} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="button-danger">${text.button}</button>
      </form>
      <p><a href="/admin/staff">Cancel</a></p>
    </div>`,
  )
}

function nameFormPage(owner: Viewer, account: StaffUser, error?: string): string {
  return ownerPage(
    owner,
    'Change a name',
    html`<div className="narrow">
      <h1>Change the name of ${staffLabel(account)}</h1>
      <p>Colleagues see it on the desk instead of the e-mail (${account.email}). Leave it empty to show the e-mail.</p>
      ${error && html`<p className="error-banner" role="alert" id="name-error">${error}</p>`}
      <form method="post" action="/admin/staff/name" className="stack" data-submit-once="">
        <input type="hidden" name="email" value=${account.email} />
        <div className="field">
          <label htmlFor="staff-name">Name</label>
          <input id="staff-name" name="name" type="text" autoComplete="off" maxLength=${displayNameMaxLength}
            defaultValue=${account.displayName ?? ''} aria-invalid=${error ? 'true' : undefined}
            aria-describedby=${error ? 'name-error' : undefined} />
        </div>
        <button type="submit">Save name</button>
      </form>
      <p><a href="/admin/staff">Cancel</a></p>
    </div>`,
  )
}

interface RemoveView {
  account: StaffUser
  openLeads: number
  /** The other members, who could take the open leads. */
  others: StaffUserSummary[]
  error?: string
}

function leadChoice(view: RemoveView): ReactNode {
  const { openLeads, others } = view
  if (openLeads === 0)
    return html`<p>They have no open leads. Their closed leads keep their history, unassigned.</p>`
  const count = `${openLeads} open ${openLeads === 1 ? 'lead' : 'leads'}`
  return html`<fieldset className="field">
    <legend>Their ${count} (new, contacted or quoted)</legend>
    ${view.error && html`<p className="error-banner" role="alert">${view.error}</p>`}
    ${
      others.length > 0 &&
      html`<${Fragment}><label className="choice">
        <input type="radio" name="leads" value="reassign" defaultChecked="" /> Give them to
      </label>
      <div className="field">
        <label htmlFor="reassign-to">Staff member to give them to</label>
        <select id="reassign-to" name="to">
          ${others.map((other) => html`<option key=${other.id} value=${other.id}>${staffLabel(other)}</option>`)}
        </select>
      </div><//>`
    }
    <label className="choice">
      <input type="radio" name="leads" value="unassign" defaultChecked=${others.length === 0} /> Leave them unassigned
    </label>
  </fieldset>`
}

function confirmRemovePage(owner: Viewer, view: RemoveView): string {
  const label = staffLabel(view.account)
  return ownerPage(
    owner,
    'Remove an account',
    html`<div className="narrow">
      <h1>Remove ${label}?</h1>
      <p>They are signed out at once and can no longer sign in. The work log keeps their e-mail (${view.account.email}).</p>
      <form method="post" action="/admin/staff/remove" className="stack" data-submit-once="">
        <input type="hidden" name="email" value=${view.account.email} />
        <input type="hidden" name="confirm" value="yes" />
        ${leadChoice(view)}
        <button type="submit" className="button-danger">Remove the account</button>
      </form>
      <p><a href="/admin/staff">Keep it</a></p>
    </div>`,
  )
}

const emailBody = {
  type: 'object',
  properties: {
    email: { type: 'string', maxLength: 254 },
    role: { type: 'string', maxLength: 20 },
    confirm: { type: 'string', maxLength: 10 },
    name: { type: 'string', maxLength: 400 },
    leads: { type: 'string', maxLength: 20 },
    to: { type: 'string', maxLength: 100 },
  },
  required: ['email'],
} as const

/** A throttle key as the locks list posts it: a kind and keyed hashes, nothing else. */
const unlockBody = {
  type: 'object',
  properties: {
    key: { type: 'string', maxLength: 200, pattern: '^(account|pair|device|address):[0-9a-f:]+$' },
  },
  required: ['key'],
} as const

interface AccountBody {
  Body: { email: string; role?: string; confirm?: string; name?: string; leads?: string; to?: string }
}

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
      sendPage(reply, await renderList(owner, { error: 'That is not an e-mail address.' }), 400)
      return undefined
    }
    if (email === owner.email) {
      sendPage(
        reply,
        await renderList(owner, {
          error: 'You cannot change your own account here. Ask another owner, or use npm run staff.',
        }),
        400,
      )
      return undefined
    }
    const user = await findStaffUserByEmail(db, email)
    if (!user) {
      sendPage(reply, await renderList(owner, { error: `There is no staff account for ${email}.` }), 404)
      return undefined
    }
    return user
  }

  /** The account a confirmation page names by its id (?account=): the same refusals as target. */
  async function asked(request: FastifyRequest, reply: FastifyReply, owner: StaffSession) {
    const id = (request.query as Record<string, unknown> | undefined)?.account
    const user = typeof id === 'string' ? await findStaffUserById(db, id) : undefined
    if (!user) {
      sendPage(reply, await renderList(owner, { error: 'There is no such staff account any more.' }), 404)
      return undefined
    }
    if (user.email === owner.email) {
      const error = 'You cannot change your own account here. Ask another owner, or use npm run staff.'
      sendPage(reply, await renderList(owner, { error }), 400)
      return undefined
    }
    return user
  }

  /** A post that did not come from the confirmation page is sent to it; nothing changes. */
  function confirmFirst(reply: FastifyReply, action: ConfirmedAction, user: StaffUser) {
    return reply.redirect(`/admin/staff/${action}?account=${user.id}`, 303)
  }

  for (const action of ['password', 'sessions', 'two-factor'] as const) {
    app.get(`/admin/staff/${action}`, ownerOnly, async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await asked(request, reply, owner)
      if (!user) return reply
      return sendPage(reply, confirmPage(owner, action, user))
    })
  }

  app.get('/admin/staff/remove', ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const user = await asked(request, reply, owner)
    if (!user) return reply
    return sendPage(reply, confirmRemovePage(owner, await removeView(user)))
  })

  async function removeView(user: StaffUser, error?: string): Promise<RemoveView> {
    const accounts = await listStaffUsers(db, options.now())
    const openLeads = accounts.find((account) => account.id === user.id)?.openLeads ?? 0
    return { account: user, openLeads, others: accounts.filter((account) => account.id !== user.id), error }
  }

  app.get('/admin/staff/name', ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const user = await asked(request, reply, owner)
    if (!user) return reply
    return sendPage(reply, nameFormPage(owner, user))
  })

  app.post<AccountBody>(
    '/admin/staff/name',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await target(request, reply, owner)
      if (!user) return reply
      try {
        await db.transaction(async (tx) => {
          await setDisplayName(tx, user.email, request.body.name)
          await recordStaffAudit(tx, owner.email, 'rename', user.email)
        })
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error
        return sendPage(reply, nameFormPage(owner, user, error.message), 400)
      }
      return done(reply, 'name')
    },
  )

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
      sendPage(reply, await renderList(owner, { error: error.message }), 409)
      return false
    }
  }

  function done(reply: FastifyReply, notice: keyof typeof notices) {
    return reply.redirect(`/admin/staff?notice=${notice}`, 303)
  }

  app.get('/admin/staff', ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const query = request.query as Record<string, unknown> | undefined
    const key = typeof query?.notice === 'string' ? query.notice : ''
    return sendPage(
      reply,
      await renderList(owner, { notice: Object.hasOwn(notices, key) ? notices[key] : undefined }),
    )
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
      if (!isStaffRole(role)) {
        return sendPage(
          reply,
          await renderList(owner, { error: 'Choose a role: staff or owner.', typed }),
          400,
        )
      }
      const password = generatePassword()
      let name: string | null
      try {
        name = checkDisplayName(request.body.name)
      } catch (error) {
        if (!(error instanceof StaffAccountError)) throw error
        return sendPage(reply, await renderList(owner, { error: error.message, typed }), 400)
      }
      try {
        const user = await db.transaction(async (tx) => {
          const added = await addStaffUser(tx, request.body.email, password, role, name, options.passwordCost)
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
        const message = /already exists/.test(error.message)
          ? `${checkStaffEmail(request.body.email)} already has an account.`
          : 'That is not an e-mail address.'
        return sendPage(reply, await renderList(owner, { error: message, typed }), 400)
      }
    },
  )

  app.post<AccountBody>(
    '/admin/staff/password',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await target(request, reply, owner)
      if (!user) return reply
      if (request.body.confirm !== 'yes') return confirmFirst(reply, 'password', user)
      const password = generatePassword()
      await db.transaction(async (tx) => {
        await setStaffPassword(tx, user.email, password, options.passwordCost)
        await recordStaffAudit(tx, owner.email, 'reset-password', user.email)
      })
      return showPasswordOnce(reply, owner, {
        email: user.email,
        label: staffLabel(user),
        password,
        added: false,
      })
    },
  )

  app.post<AccountBody>(
    '/admin/staff/sessions',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await target(request, reply, owner)
      if (!user) return reply
      if (request.body.confirm !== 'yes') return confirmFirst(reply, 'sessions', user)
      await db.transaction(async (tx) => {
        await endStaffSessions(tx, user.email)
        await recordStaffAudit(tx, owner.email, 'end-sessions', user.email)
      })
      return done(reply, 'sessions')
    },
  )

  app.post<AccountBody>(
    '/admin/staff/two-factor',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await target(request, reply, owner)
      if (!user) return reply
      if (request.body.confirm !== 'yes') return confirmFirst(reply, 'two-factor', user)
      await db.transaction((tx) => resetSecondFactor(tx, user.email, owner.email))
      return done(reply, 'two-factor')
    },
  )

  app.post<AccountBody>(
    '/admin/staff/role',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const role = request.body.role
      if (!isStaffRole(role)) {
        return sendPage(reply, await renderList(owner, { error: 'Choose a role: staff or owner.' }), 400)
      }
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

  app.post<AccountBody>(
    '/admin/staff/remove',
    { ...ownerOnly, schema: { body: emailBody } },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const user = await target(request, reply, owner)
      if (!user) return reply
      // Only the confirmation page's post removes.
      if (request.body.confirm !== 'yes') return confirmFirst(reply, 'remove', user)
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
          await removeStaffUser(tx, user.email, {
            reassignTo,
            actor: { userId: owner.userId, email: owner.email },
            at: options.now(),
          })
          await recordStaffAudit(tx, owner.email, 'remove', user.email)
        }),
      )
      return removed ? done(reply, 'removed') : reply
    },
  )

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
      if (!cleared) {
        const error = 'That lock is no longer there: it ran out or another owner cleared it.'
        return sendPage(reply, await renderList(owner, { error }), 404)
      }
      request.log.info({ staff: owner.userId, action: 'sign-in-unlock' }, 'admin: sign-in lock cleared')
      return done(reply, 'unlocked')
    },
  )
}
