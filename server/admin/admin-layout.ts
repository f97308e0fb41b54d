import type { FastifyReply } from 'fastify'
import { agency } from '../../config/agency.ts'
import { html, type SafeHtml } from './html.ts'

export interface PageOptions {
  /** The document title's first part; the page's h1 is in `body`. */
  title: string
  body: SafeHtml
  /** The signed-in staff member; the header then has the navigation and the sign-out button. */
  staffEmail?: string
  /** An owner account: the navigation also links to the staff accounts page. */
  owner?: boolean
  /** Which navigation link is the current page. */
  current?: 'inbox' | 'two-factor' | 'staff'
}

/**
 * The staff pages' shell: landmarks (header, nav, main), a skip link, one stylesheet and one
 * deferred script from this origin (server/admin/assets), nothing inline.
 */
export function staffPage(options: PageOptions): string {
  const header = options.staffEmail
    ? html`<nav aria-label="Staff">
  <ul><li><a href="/admin"${options.current === 'inbox' ? html` aria-current="page"` : ''}>Inbox</a></li>
  ${options.owner ? html`<li><a href="/admin/staff"${options.current === 'staff' ? html` aria-current="page"` : ''}>Staff accounts</a></li>` : ''}
  <li><a href="/admin/two-factor"${options.current === 'two-factor' ? html` aria-current="page"` : ''}>Two-step sign-in</a></li></ul>
</nav>
<form class="sign-out" method="post" action="/admin/logout">
  <span class="who">Signed in as ${options.staffEmail}</span>
  <button type="submit" class="button-secondary">Sign out</button>
</form>`
    : ''
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${options.title} · Lead desk · ${agency.shortName}</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/admin/assets/admin.css">
<script src="/admin/assets/admin.js" defer></script>
</head>
<body>
<a class="skip-link" href="#main">Skip to main content</a>
<header class="site-header">
<p class="brand">${agency.shortName} <span>lead desk</span></p>
${header}
</header>
<main id="main" tabindex="-1">
${options.body}
</main>
</body>
</html>
`.value
}

/** A notice after an action (Post/Redirect/Get): fixed texts chosen by key, never text from the URL. */
export function noticeBanner(text: string | undefined): SafeHtml {
  return text ? html`<p class="notice" role="status">${text}</p>` : html``
}

export function errorBanner(text: string | undefined): SafeHtml {
  return text ? html`<p class="error-banner" role="alert">${text}</p>` : html``
}

/** Answers with a staff page (from staffPage or a page built on it). */
export function sendPage(reply: FastifyReply, page: string, status = 200): FastifyReply {
  return reply.code(status).type('text/html; charset=utf-8').send(page)
}
