/**
 * The staff accounts pages (/admin/staff, owners only): the list of accounts with their actions,
 * the sign-in locks and the recent account changes; the pages that ask before a change; a
 * generated password shown once.
 */

import type { ReactNode } from 'react'
import { type SignInLock, tagOfKey } from '#server/staff/sign-in-throttle.ts'
import {
  displayNameMaxLength,
  type recentStaffAudit,
  type StaffAuditAction,
  type StaffUser,
  type StaffUserSummary,
  staffLabel,
} from '#server/staff/staff-accounts.ts'
import type { StaffRole, StaffSession } from '#server/staff/staff-sessions.ts'
import { formatDateTime } from '../staff-time.ts'
import { errorBanner, noticeBanner, ownerPage } from './admin-layout.tsx'

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
  'webhook-sensitive': 'allowed SSN and EIN to the webhook',
  'webhook-rotate': 'rotated the signing secret of webhook destination',
  'site-publish': 'published',
  'site-restore': 'restored',
  'site-upload': 'uploaded for the site:',
  'token-add': 'made the API token',
  'token-revoke': 'revoked the API token',
}

function roleName(role: StaffRole): string {
  return role === 'owner' ? 'Owner' : 'Staff'
}

export interface ListOptions {
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
  return (
    <form method="post" action={`/admin/staff/${action}`} data-submit-once="">
      <input type="hidden" name="email" value={email} />
      {extra}
      <button type="submit" className="button-secondary">
        {label}
      </button>
    </form>
  )
}

/** A link to the page that asks first (confirmed actions): the account named by its id. */
function askLink(action: ConfirmedAction | 'name', account: StaffUserSummary, label: string): ReactNode {
  return (
    <a className="button-secondary" href={`/admin/staff/${action}?account=${account.id}`}>
      {label}
    </a>
  )
}

function accountRow(account: StaffUserSummary, self: string): ReactNode {
  const isSelf = account.email === self
  const other = account.role === 'owner' ? 'staff' : 'owner'
  const actions = isSelf ? (
    <p className="muted">
      Your own account: another owner, or <code>npm run staff</code>, changes it. Your name and password:{' '}
      <a href="/admin/account">Your account</a>.
    </p>
  ) : (
    <div className="account-actions">
      {askLink('password', account, 'Reset password…')}
      {askLink('sessions', account, 'Sign out everywhere…')}
      {account.twoStepOn && askLink('two-factor', account, 'Reset two-step sign-in…')}
      {actionButton(
        'role',
        account.email,
        other === 'owner' ? 'Make owner' : 'Make staff',
        <input type="hidden" name="role" value={other} />,
      )}
      {askLink('name', account, 'Change name…')}
      {askLink('remove', account, 'Remove…')}
    </div>
  )
  return (
    <tr key={account.email}>
      <th scope="row">
        {staffLabel(account)}
        {isSelf ? ' (you)' : ''}
        {account.displayName && (
          <>
            <br />
            <span className="muted">{account.email}</span>
          </>
        )}
      </th>
      <td>{roleName(account.role)}</td>
      <td>{account.twoStepOn ? 'On' : 'Not set up'}</td>
      <td>{account.lastSignInAt ? formatDateTime(account.lastSignInAt) : 'Never'}</td>
      <td>{account.activeSessions}</td>
      <td>{account.openLeads}</td>
      <td>{actions}</td>
    </tr>
  )
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

export function lockView(lock: SignInLock, emailsByTag: Map<string, string>): LockView {
  const tag = tagOfKey(lock.key)
  const email = tag ? emailsByTag.get(tag) : undefined
  const who = lock.kind === 'address' ? 'An address' : (email ?? 'An e-mail that is no staff account')
  return { key: lock.key, email, what: `${who}: ${lockWhat[lock.kind]}`, lockedUntil: lock.lockedUntil }
}

function locksSection(locks: LockView[]): ReactNode {
  return (
    <>
      <h2 id="locks-heading">Locked sign-ins</h2>
      <p>
        Too many wrong passwords or codes lock sign-ins for 15 minutes. A lock on an account never refuses a
        place or browser it signed in from before. Clear one when you know who caused it.
      </p>
      {locks.length === 0 ? (
        <p className="muted">No sign-in is locked now.</p>
      ) : (
        <div className="table-scroll">
          <table className="staff-table" aria-labelledby="locks-heading">
            <thead>
              <tr>
                <th scope="col">Locked</th>
                <th scope="col">Until</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {locks.map((lock) => (
                <tr key={lock.key}>
                  <th scope="row">{lock.what}</th>
                  <td>
                    <time dateTime={new Date(lock.lockedUntil).toISOString()}>
                      {formatDateTime(lock.lockedUntil)}
                    </time>
                  </td>
                  <td>
                    <form method="post" action="/admin/staff/unlock" data-submit-once="">
                      <input type="hidden" name="key" value={lock.key} />
                      <button type="submit" className="button-secondary">
                        Clear
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  )
}

export function listPage(options: ListOptions): string {
  const typed = options.typed ?? { email: '', role: 'staff', name: '' }
  const invalid = options.error ? { 'aria-describedby': 'add-error', 'aria-invalid': 'true' as const } : {}
  return ownerPage(
    'staff',
    options.owner,
    'Staff accounts',
    <>
      <h1>Staff accounts</h1>
      {noticeBanner(options.notice)}
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
          <tbody>{options.accounts.map((account) => accountRow(account, options.owner.email))}</tbody>
        </table>
      </div>
      {locksSection(options.locks)}
      <h2 id="add-heading">Add a staff member</h2>
      <p>
        The desk makes a password and shows it once. Give it to them in person or by phone, never by e-mail.
      </p>
      {options.error && (
        <p className="error-banner" role="alert" id="add-error">
          {options.error}
        </p>
      )}
      <form
        method="post"
        action="/admin/staff"
        className="stack narrow"
        aria-labelledby="add-heading"
        data-submit-once=""
      >
        <div className="field">
          <label htmlFor="new-email">E-mail</label>
          <input
            id="new-email"
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            defaultValue={typed.email}
            {...invalid}
          />
        </div>
        <div className="field">
          <label htmlFor="new-name">Name (optional, shown to colleagues)</label>
          <input
            id="new-name"
            name="name"
            type="text"
            autoComplete="off"
            maxLength={displayNameMaxLength}
            defaultValue={typed.name}
          />
        </div>
        <fieldset className="field">
          <legend>Role</legend>
          <label className="choice">
            <input type="radio" name="role" value="staff" defaultChecked={typed.role === 'staff'} /> Staff:
            works leads
          </label>
          <label className="choice">
            <input type="radio" name="role" value="owner" defaultChecked={typed.role === 'owner'} /> Owner:
            works leads and manages staff accounts
          </label>
        </fieldset>
        <button type="submit">Add account</button>
      </form>
      <h2>Recent account changes</h2>
      {options.audit.length === 0 ? (
        <p className="muted">None yet.</p>
      ) : (
        <ul className="audit-list">
          {options.audit.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a list rendered once and never reordered; two changes may share their second
            <li key={index}>
              <time dateTime={new Date(entry.at).toISOString()}>{formatDateTime(entry.at)}</time>:{' '}
              {`${entry.actorEmail} ${auditWords[entry.action] ?? entry.action} ${entry.targetEmail}`}
            </li>
          ))}
        </ul>
      )}
    </>,
  )
}

/** What a page must know of the owner who looks at it. */
type Viewer = Pick<StaffSession, 'email' | 'displayName'>

/** A password shown once, on the GET the POST redirected to (value never in a URL). */
export interface ShownPassword {
  email: string
  label: string
  password: string
  added: boolean
}

export function passwordPage(owner: Viewer, shown: ShownPassword): string {
  const { label, password, added } = shown
  return ownerPage(
    'staff',
    owner,
    added ? 'Account added' : 'Password reset',
    <div className="narrow">
      <h1>{added ? 'Account added' : 'Password reset'}</h1>
      {noticeBanner(
        added
          ? `${label} can now sign in.`
          : `${label} was signed out everywhere and needs this new password.`,
      )}
      <p>Their password, shown only now (refreshing this page does not show it again):</p>
      <p>
        <code className="secret">{password}</code>
      </p>
      <p>
        Give it to them in person or by phone. They sign in at <code>/admin</code> with {shown.email}
        {added ? ' and set up two-step sign-in' : ''}.
      </p>
      <p>
        <a className="button" href="/admin/staff">
          Back to staff accounts
        </a>
      </p>
    </div>,
  )
}

export function passwordGonePage(owner: Viewer): string {
  return ownerPage(
    'staff',
    owner,
    'Password shown already',
    <div className="narrow">
      <h1>Password shown already</h1>
      {errorBanner('A generated password is shown once. If it was not written down, reset it again.')}
      <p>
        <a className="button" href="/admin/staff">
          Back to staff accounts
        </a>
      </p>
    </div>,
  )
}

/** The actions asked first on a page of their own. */
export type ConfirmedAction = 'password' | 'sessions' | 'two-factor' | 'remove'

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

export function confirmPage(
  owner: Viewer,
  action: Exclude<ConfirmedAction, 'remove'>,
  account: StaffUser,
): string {
  const text = confirmTexts[action]
  const title = text.title.replace('{name}', staffLabel(account))
  return ownerPage(
    'staff',
    owner,
    title,
    <div className="narrow">
      <h1>{title}</h1>
      <p>{text.why}</p>
      <form method="post" action={`/admin/staff/${action}`} className="stack" data-submit-once="">
        <input type="hidden" name="email" value={account.email} />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className="button-danger">
          {text.button}
        </button>
      </form>
      <p>
        <a href="/admin/staff">Cancel</a>
      </p>
    </div>,
  )
}

export function nameFormPage(owner: Viewer, account: StaffUser, error?: string): string {
  return ownerPage(
    'staff',
    owner,
    'Change a name',
    <div className="narrow">
      <h1>Change the name of {staffLabel(account)}</h1>
      <p>
        Colleagues see it on the desk instead of the e-mail ({account.email}). Leave it empty to show the
        e-mail.
      </p>
      {error && (
        <p className="error-banner" role="alert" id="name-error">
          {error}
        </p>
      )}
      <form method="post" action="/admin/staff/name" className="stack" data-submit-once="">
        <input type="hidden" name="email" value={account.email} />
        <div className="field">
          <label htmlFor="staff-name">Name</label>
          <input
            id="staff-name"
            name="name"
            type="text"
            autoComplete="off"
            maxLength={displayNameMaxLength}
            defaultValue={account.displayName ?? ''}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'name-error' : undefined}
          />
        </div>
        <button type="submit">Save name</button>
      </form>
      <p>
        <a href="/admin/staff">Cancel</a>
      </p>
    </div>,
  )
}

export interface RemoveView {
  account: StaffUser
  openLeads: number
  /** The other members, who could take the open leads. */
  others: StaffUserSummary[]
  error?: string
}

function leadChoice(view: RemoveView): ReactNode {
  const { openLeads, others } = view
  if (openLeads === 0)
    return <p>They have no open leads. Their closed leads keep their history, unassigned.</p>
  const count = `${openLeads} open ${openLeads === 1 ? 'lead' : 'leads'}`
  return (
    <fieldset className="field">
      <legend>Their {count} (new, contacted or quoted)</legend>
      {view.error && (
        <p className="error-banner" role="alert">
          {view.error}
        </p>
      )}
      {others.length > 0 && (
        <>
          <label className="choice">
            <input type="radio" name="leads" value="reassign" defaultChecked /> Give them to
          </label>
          <div className="field">
            <label htmlFor="reassign-to">Staff member to give them to</label>
            <select id="reassign-to" name="to">
              {others.map((other) => (
                <option key={other.id} value={other.id}>
                  {staffLabel(other)}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <label className="choice">
        <input type="radio" name="leads" value="unassign" defaultChecked={others.length === 0} /> Leave them
        unassigned
      </label>
    </fieldset>
  )
}

export function confirmRemovePage(owner: Viewer, view: RemoveView): string {
  const label = staffLabel(view.account)
  return ownerPage(
    'staff',
    owner,
    'Remove an account',
    <div className="narrow">
      <h1>Remove {label}?</h1>
      <p>
        They are signed out at once and can no longer sign in. The work log keeps their e-mail (
        {view.account.email}).
      </p>
      <form method="post" action="/admin/staff/remove" className="stack" data-submit-once="">
        <input type="hidden" name="email" value={view.account.email} />
        <input type="hidden" name="confirm" value="yes" />
        {leadChoice(view)}
        <button type="submit" className="button-danger">
          Remove the account
        </button>
      </form>
      <p>
        <a href="/admin/staff">Keep it</a>
      </p>
    </div>,
  )
}
