import { noticeBanner, staffPage } from './admin-layout.ts'
import { html } from './html.ts'

export interface LoginPageOptions {
  email?: string
  error?: string
  notice?: string
  /** Where to go after signing in (an /admin path, checked by the route). */
  next?: string
}

export function loginPage(options: LoginPageOptions = {}): string {
  const describedBy = options.error ? html` aria-describedby="sign-in-error"` : ''
  return staffPage({
    title: 'Sign in',
    body: html`<div class="narrow">
<h1>Staff sign-in</h1>
${noticeBanner(options.notice)}
${options.error ? html`<p class="error-banner" role="alert" id="sign-in-error">${options.error}</p>` : ''}
<form method="post" action="/admin/login" class="stack" data-submit-once>
  ${options.next ? html`<input type="hidden" name="next" value="${options.next}">` : ''}
  <div class="field">
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${options.email ?? ''}"${describedBy}>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1024"${describedBy}>
  </div>
  <button type="submit">Sign in</button>
</form>
<p class="muted">No account yet? The agency’s owner adds you from the desk.</p>
</div>`,
  })
}
