import { type ReactNode, useContext } from 'react'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  UNSAFE_FrameworkContext,
  useLocation,
  useMatches,
} from 'react-router'
import { shellCopy } from '../content/shell.ts'
import { SiteFooter } from './components/site-footer.tsx'
import { SiteHeader } from './components/site-header.tsx'
import { enhanceScript } from './site/enhance-script.ts'
import { useLocalized } from './site/i18n.ts'
import { splitLocale } from './site/route-table.ts'
import './styles/site.css'

/** What a route module may declare in its `handle`. */
export interface RouteHandle {
  /** The page holds a form: ship React and hydrate. Pages without it ship no JavaScript bundle. */
  hydrate?: boolean
}

function needsHydration(matches: ReturnType<typeof useMatches>, isSpaFallback: boolean): boolean {
  // React Router's SPA fallback shell must carry the scripts (its build checks it). The server
  // never sends that file: unknown paths get the prerendered 404 page.
  if (isSpaFallback) return true
  return matches.some((m) => {
    const handle = m.handle as RouteHandle | undefined
    return handle?.hydrate === true
  })
}

export function Layout({ children }: { children: ReactNode }) {
  const { locale, path } = splitLocale(useLocation().pathname)
  const copy = useLocalized(shellCopy)
  const hydrate = needsHydration(useMatches(), useContext(UNSAFE_FrameworkContext)?.isSpaMode === true)
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#14532d" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {copy.skipToContent}
        </a>
        <SiteHeader pagePath={path} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <script dangerouslySetInnerHTML={{ __html: enhanceScript }} />
        {hydrate ? (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        ) : null}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}
