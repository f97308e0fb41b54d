import type { DraftFields } from '#server/desk/work-drafts.ts'
import { noticeBanner, staffPage } from './admin-layout.tsx'

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
    body: (
      <div className="narrow">
        <h1>Staff sign-in</h1>
        {noticeBanner(options.notice)}
        {options.error && (
          <p className="error-banner" role="alert" id="sign-in-error">
            {options.error}
          </p>
        )}
        <form method="post" action="/admin/login" className="stack" data-submit-once="">
          {options.next && <input type="hidden" name="next" value={options.next} />}
          {Object.entries(options.carry ?? {}).map(([name, value]) => (
            <input key={name} type="hidden" name={`draft_${name}`} value={value} />
          ))}
          <div className="field">
            <label htmlFor="email">E-mail</label>
            <input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              maxLength={254}
              defaultValue={options.email ?? ''}
              aria-describedby={describedBy}
            />
          </div>
          <div className="field">
            <label htmlFor="password">Password</label>
            <input
              id="password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              maxLength={1024}
              aria-describedby={describedBy}
            />
          </div>
          <button type="submit">Sign in</button>
        </form>
        <p className="muted">No account yet? The agency’s owner adds you from the desk.</p>
      </div>
    ),
  })
}
