/**
 * The account page (/admin/account: name, password, recovery codes) and the pages after making
 * new recovery codes: the codes once, or that they were shown already.
 */

import type { ReactNode } from 'react'
import { passwordMinLength } from '#server/staff/password-hash.ts'
import { recoveryCodeCount } from '#server/staff/second-factor.ts'
import { displayNameMaxLength } from '#server/staff/staff-accounts.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { errorBanner, noticeBanner, staffPage } from './admin-layout.tsx'
import { keepRecoveryCodes } from './two-factor-page.tsx'

type AccountError = { form: 'name' | 'password' | 'codes'; text: string }

export interface AccountView {
  staff: StaffSession
  twoStepOn: boolean
  codesLeft: number
  notice?: string
  error?: AccountError
}

function fieldError(view: AccountView, form: AccountError['form']) {
  return view.error?.form === form
    ? { 'aria-describedby': `${form}-error`, 'aria-invalid': 'true' as const }
    : {}
}

function formError(view: AccountView, form: AccountError['form']) {
  return (
    view.error?.form === form && (
      <p className="error-banner" role="alert" id={`${form}-error`}>
        {view.error.text}
      </p>
    )
  )
}

/**
 * The current password (named as the page asks for it), the new one and the new one again: the
 * account page's change and the password someone else made alike.
 */
function passwordFields(currentLabel: string, invalid: ReturnType<typeof fieldError>) {
  return (
    <>
      <div className="field">
        <label htmlFor="current-password">{currentLabel}</label>
        <input
          id="current-password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          maxLength={1024}
          {...invalid}
        />
      </div>
      <div className="field">
        <label htmlFor="new-password">New password</label>
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordMinLength}
          maxLength={1024}
        />
      </div>
      <div className="field">
        <label htmlFor="repeat-password">New password again</label>
        <input
          id="repeat-password"
          name="repeat"
          type="password"
          autoComplete="new-password"
          required
          minLength={passwordMinLength}
          maxLength={1024}
        />
      </div>
    </>
  )
}

function nameSection(view: AccountView) {
  return (
    <section aria-labelledby="name-heading">
      <h2 id="name-heading">Your name</h2>
      <p>Colleagues see it on the desk instead of your e-mail ({view.staff.email}).</p>
      {formError(view, 'name')}
      <form method="post" action="/admin/account/name" className="stack narrow" data-submit-once="">
        <div className="field">
          <label htmlFor="display-name">Name</label>
          <input
            id="display-name"
            name="name"
            type="text"
            autoComplete="name"
            maxLength={displayNameMaxLength}
            defaultValue={view.staff.displayName ?? ''}
            {...fieldError(view, 'name')}
          />
        </div>
        <button type="submit">Save name</button>
      </form>
    </section>
  )
}

function passwordSection(view: AccountView) {
  const invalid = fieldError(view, 'password')
  return (
    <section aria-labelledby="password-heading">
      <h2 id="password-heading">Change your password</h2>
      <p>
        At least {passwordMinLength} characters. Your other browsers and devices are signed out; this one
        stays signed in.
      </p>
      {formError(view, 'password')}
      <form method="post" action="/admin/account/password" className="stack narrow" data-submit-once="">
        {passwordFields('Current password', invalid)}
        <button type="submit">Change password</button>
      </form>
    </section>
  )
}

function codesSection(view: AccountView) {
  if (!view.twoStepOn) {
    return (
      <section aria-labelledby="codes-heading">
        <h2 id="codes-heading">Recovery codes</h2>
        <p>
          You get recovery codes when you <a href="/admin/two-factor">set up two-step sign-in</a>.
        </p>
      </section>
    )
  }
  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading">Recovery codes</h2>
      <p>
        You have {view.codesLeft} unused recovery {view.codesLeft === 1 ? 'code' : 'codes'}. New codes replace
        every old one: the old ones stop working at once.
      </p>
      {formError(view, 'codes')}
      <form method="post" action="/admin/account/recovery-codes" className="stack narrow" data-submit-once="">
        <div className="field">
          <label htmlFor="codes-proof">Your password, or a code from your authenticator app</label>
          <input
            id="codes-proof"
            name="proof"
            type="password"
            autoComplete="current-password"
            required
            maxLength={1024}
            {...fieldError(view, 'codes')}
          />
        </div>
        <button type="submit">Make {recoveryCodeCount} new recovery codes</button>
      </form>
    </section>
  )
}

/** A page of one's own account: the navigation's "Your account" is current. */
function accountShell(staff: StaffSession, title: string, body: ReactNode): string {
  return staffPage({
    title,
    staffEmail: staff.email,
    staffName: staff.displayName,
    owner: staff.role === 'owner',
    current: 'account',
    body,
  })
}

export function accountPage(view: AccountView): string {
  return accountShell(
    view.staff,
    'Your account',
    <>
      <h1>Your account</h1>
      {noticeBanner(view.notice)}
      {nameSection(view)}
      {passwordSection(view)}
      {codesSection(view)}
    </>,
  )
}

/** The new codes, once, with a copy button (the desk's script) and a download as a text file. */
export function newCodesPage(staff: StaffSession, codes: string[]): string {
  return accountShell(
    staff,
    'New recovery codes',
    <div className="narrow">
      <h1>Your new recovery codes</h1>
      {noticeBanner('Your old recovery codes no longer work.')}
      <p>
        Keep these somewhere safe, away from your phone. Each signs you in once. They are shown only now:
        refreshing this page does not show them again.
      </p>
      {keepRecoveryCodes(codes)}
      <p>
        <a className="button" href="/admin/account">
          Back to your account
        </a>
      </p>
    </div>,
  )
}

export function codesExpiredPage(staff: StaffSession): string {
  return accountShell(
    staff,
    'Recovery codes',
    <div className="narrow">
      <h1>Recovery codes</h1>
      {errorBanner('These codes were shown once already. If you did not keep them, make new ones.')}
      <p>
        <a className="button" href="/admin/account">
          Back to your account
        </a>
      </p>
    </div>,
  )
}

/**
 * The password someone else made (an owner's new account or reset) is changed before the desk
 * opens: the same three fields as the account page's, `next` kept as a hidden field.
 */
export function choosePasswordPage(options: {
  staff: StaffSession
  next?: string | undefined
  error?: string
}): string {
  const invalid = options.error
    ? ({ 'aria-describedby': 'choose-error', 'aria-invalid': 'true' } as const)
    : {}
  return staffPage({
    title: 'Choose your password',
    staffEmail: options.staff.email,
    staffName: options.staff.displayName,
    body: (
      <div className="narrow">
        <h1>Choose your own password</h1>
        <p>
          The password you signed in with was made for you by the desk. Choose one only you know before you
          continue: at least {passwordMinLength} characters.
        </p>
        {options.error && (
          <p className="error-banner" role="alert" id="choose-error">
            {options.error}
          </p>
        )}
        <form method="post" action="/admin/password" className="stack" data-submit-once="">
          {options.next ? <input type="hidden" name="next" value={options.next} /> : null}
          {passwordFields('The password you were given', invalid)}
          <button type="submit">Save my password and continue</button>
        </form>
        <form method="post" action="/admin/logout">
          <button type="submit" className="button-secondary">
            Sign out
          </button>
        </form>
      </div>
    ),
  })
}
