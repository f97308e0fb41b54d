/**
 * The second step of signing in (the code page) and the set-up of a second factor: the key as a
 * QR code and as text, the recovery codes once, and the state of an account that has one.
 */

import QRCode from 'qrcode'
import type { ReactNode } from 'react'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { errorBanner, noticeBanner, staffPage } from './admin-layout.tsx'

/** `next`: the desk page the staff member was going to (a link in an e-mail), kept through this step. */
export function codePage(options: { error?: string; next?: string | undefined } = {}): string {
  return staffPage({
    title: 'Sign-in code',
    body: (
      <div className="narrow">
        <h1>Enter your sign-in code</h1>
        {options.error && (
          <p className="error-banner" role="alert" id="code-error">
            {options.error}
          </p>
        )}
        <form method="post" action="/admin/login/code" className="stack" data-submit-once="">
          {options.next ? <input type="hidden" name="next" value={options.next} /> : null}
          <div className="field">
            <label htmlFor="code">Code from your authenticator app</label>
            <input
              id="code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={64}
              // biome-ignore lint/a11y/noAutofocus: the page's one field, reached right after the password; typing the code is all it asks
              autoFocus
              aria-describedby={options.error ? 'code-error' : undefined}
            />
          </div>
          <button type="submit">Continue</button>
        </form>
        <p className="muted">No phone at hand? Type one of your recovery codes instead (each works once).</p>
        <form method="post" action="/admin/logout">
          <button type="submit" className="button-secondary">
            Cancel and sign out
          </button>
        </form>
      </div>
    ),
  })
}

/**
 * The key as a QR code, for the phone's camera: an SVG drawn on the server and put in the page
 * itself (no image request, no script; the staff pages' policy allows no data: image). A path with
 * fill and stroke attributes only, which no style policy touches.
 */
export function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4, width: 240 })
}

/** The key in groups of four, as people copy it by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})/g, '$1 ').trim()
}

export function enrolPage(options: {
  secret: string
  uri: string
  qr: string
  required: boolean
  staffEmail?: string
  staffName?: string | null
  /** The desk page a link led to (safeNextPath), kept through the set-up. */
  next?: string | undefined
  error?: string
}): string {
  return staffPage({
    title: 'Set up two-step sign-in',
    staffEmail: options.staffEmail,
    staffName: options.staffName,
    body: (
      <div className="narrow">
        <h1>Set up two-step sign-in</h1>
        {options.required && (
          <p>
            This desk asks every account for a code from an authenticator app. Set it up once to continue.
          </p>
        )}
        {options.error && (
          <p className="error-banner" role="alert" id="enrol-error">
            {options.error}
          </p>
        )}
        <ol className="steps">
          <li>
            In your authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…),
            add an account by scanning this QR code:
            <div
              className="qr-code"
              role="img"
              aria-label="QR code of your two-step sign-in key"
              data-totp-qr=""
              dangerouslySetInnerHTML={{ __html: options.qr }}
            ></div>
            <p>Or type this key (the spaces do not matter):</p>
            <p>
              <code className="secret" data-totp-secret="">
                {groupedSecret(options.secret)}
              </code>
            </p>
            <p>
              <a href={options.uri}>Open in an authenticator app on this device</a>
            </p>
          </li>
          <li>Type the 6-digit code the app shows.</li>
        </ol>
        <form method="post" action="/admin/two-factor" className="stack" data-submit-once="">
          {options.next ? <input type="hidden" name="next" value={options.next} /> : null}
          <div className="field">
            <label htmlFor="enrol-code">Code from the app</label>
            <input
              id="enrol-code"
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              required
              maxLength={64}
              aria-describedby={options.error ? 'enrol-error' : undefined}
            />
          </div>
          <button type="submit">Turn on two-step sign-in</button>
        </form>
      </div>
    ),
  })
}

/**
 * The codes as a list, "Copy the codes" (admin.js, hidden without script or a clipboard) and a
 * download as a text file, which is a plain form post and works without script
 * (account-routes.ts, /admin/account/recovery-codes.txt, echoes the posted codes as a file).
 */
export function keepRecoveryCodes(codes: string[]): ReactNode {
  return (
    <>
      <ul className="recovery-codes" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="code-actions">
        <button type="button" className="button-secondary" hidden data-copy={codes.join('\n')}>
          Copy the codes
        </button>
        <form method="post" action="/admin/account/recovery-codes.txt">
          <input type="hidden" name="codes" value={codes.join(' ')} />
          <button type="submit" className="button-secondary">
            Download as a text file
          </button>
        </form>
      </div>
    </>
  )
}

/** `next`: the desk page a link led to before the set-up (safeNextPath), where "Continue" goes. */
export function recoveryCodesPage(codes: string[], staff: StaffSession, next?: string): string {
  return staffPage({
    title: 'Recovery codes',
    staffEmail: staff.email,
    staffName: staff.displayName,
    body: (
      <div className="narrow">
        <h1>Two-step sign-in is on</h1>
        {noticeBanner('From now on, signing in asks for a code from your app.')}
        <h2>Your recovery codes</h2>
        <p>
          Keep these somewhere safe, away from your phone. If you lose the phone, each code signs you in once.
          They are shown only now.
        </p>
        {keepRecoveryCodes(codes)}
        <p>
          <a className="button" href={next ?? '/admin'}>
            {next ? 'Continue' : 'Go to the inbox'}
          </a>
        </p>
      </div>
    ),
  })
}

export function statusPage(state: { enabledAt: Date; left: number }, staff: StaffSession): string {
  return staffPage({
    title: 'Two-step sign-in',
    staffEmail: staff.email,
    staffName: staff.displayName,
    body: (
      <div className="narrow">
        <h1>Two-step sign-in</h1>
        <p>
          On for your account. You have {state.left} unused recovery {state.left === 1 ? 'code' : 'codes'}.
        </p>
        {state.left < 3 &&
          errorBanner('Few recovery codes left: ask the owner to reset your account if you run out.')}
      </div>
    ),
  })
}
