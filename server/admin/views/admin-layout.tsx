import type { FastifyReply } from 'fastify'
import type { ReactNode } from 'react'
import { agency } from '#config/agency.ts'
import { htmlDocument } from '#server/views/html-document.ts'

export interface PageOptions {
  /** The document title's first part; the page's h1 is in `body`. */
  title: string
  body: ReactNode
  /** What a page composes after `body`, at the end of the main content (the owner's view under the inbox). */
  mainEnd?: ReactNode
  /** The signed-in staff member; the header then has the navigation and the sign-out button. */
  staffEmail?: string
  /** Their display name, shown instead of the e-mail when set (staffLabel in staff-accounts.ts). */
  staffName?: string | null
  /** An owner account: the navigation also links to the staff accounts page. */
  owner?: boolean
  /** Which navigation link is the current page. */
  current?:
    | 'inbox'
    | 'two-factor'
    | 'staff'
    | 'held'
    | 'webhooks'
    | 'site'
    | 'tokens'
    | 'replies'
    | 'account'
    | 'notifications'
}

function staffNavigation(options: PageOptions): ReactNode {
  const current = (page: PageOptions['current']) => (options.current === page ? 'page' : undefined)
  return (
    <>
      <nav aria-label="Staff">
        <ul>
          <li>
            <a href="/admin" aria-current={current('inbox')}>
              Inbox
            </a>
          </li>
          {options.owner && (
            <li>
              <a href="/admin/staff" aria-current={current('staff')}>
                Staff accounts
              </a>
            </li>
          )}
          {options.owner && (
            <li>
              <a href="/admin/held-notifications" aria-current={current('held')}>
                Held notifications
              </a>
            </li>
          )}
          {options.owner && (
            <li>
              <a href="/admin/webhooks" aria-current={current('webhooks')}>
                Webhooks
              </a>
            </li>
          )}
          {options.owner && (
            <li>
              <a href="/admin/site" aria-current={current('site')}>
                Site
              </a>
            </li>
          )}
          {options.owner && (
            <li>
              <a href="/admin/tokens" aria-current={current('tokens')}>
                API tokens
              </a>
            </li>
          )}
          {options.owner && (
            <li>
              <a href="/admin/replies" aria-current={current('replies')}>
                Reply templates
              </a>
            </li>
          )}
          <li>
            <a href="/admin/two-factor" aria-current={current('two-factor')}>
              Two-step sign-in
            </a>
          </li>
          <li>
            <a href="/admin/account" aria-current={current('account')}>
              Your account
            </a>
          </li>
          <li>
            <a href="/admin/notifications" aria-current={current('notifications')}>
              Notifications
            </a>
          </li>
        </ul>
      </nav>
      <form className="sign-out" method="post" action="/admin/logout">
        <span className="who">Signed in as {options.staffName || options.staffEmail}</span>
        <button type="submit" className="button-secondary">
          Sign out
        </button>
      </form>
    </>
  )
}

/**
 * The staff pages' shell: landmarks (header, nav, main), a skip link, one stylesheet and one
 * deferred script from this origin (server/admin/assets), nothing inline.
 */
export function staffPage(options: PageOptions): string {
  return htmlDocument(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${options.title} · Lead desk · ${agency.shortName}`}</title>
        <link rel="icon" href="/favicon-48.png" type="image/png" sizes="48x48" />
        <link rel="manifest" href="/admin/manifest.webmanifest" />
        <link rel="stylesheet" href="/admin/assets/admin.css" />
        <script src="/admin/assets/admin.js" defer></script>
      </head>
      <body>
        <a className="skip-link" href="#main">
          Skip to main content
        </a>
        <header className="site-header">
          <p className="brand">
            {agency.shortName} <span>lead desk</span>
          </p>
          {options.staffEmail && staffNavigation(options)}
        </header>
        <main id="main" tabIndex={-1}>
          {options.body}
          {options.mainEnd}
        </main>
      </body>
    </html>,
  )
}

/**
 * A page only owners reach (staff accounts, held notifications, webhooks), its navigation link
 * `current`; `owner` is who looks at it.
 */
export function ownerPage(
  current: PageOptions['current'],
  owner: { email: string; displayName?: string | null },
  title: string,
  body: ReactNode,
): string {
  return staffPage({
    title,
    staffEmail: owner.email,
    staffName: owner.displayName,
    owner: true,
    current,
    body,
  })
}

/** A notice after an action (Post/Redirect/Get): fixed texts chosen by key, never text from the URL. */
export function noticeBanner(text: string | undefined): ReactNode {
  return (
    text && (
      <p className="notice" role="status">
        {text}
      </p>
    )
  )
}

export function errorBanner(text: string | undefined): ReactNode {
  return (
    text && (
      <p className="error-banner" role="alert">
        {text}
      </p>
    )
  )
}

/** Answers with a staff page (from staffPage or a page built on it). */
export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page)
}
