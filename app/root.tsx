import { type ReactNode, useContext } from 'react'
import { Links, Meta, Outlet, Scripts, UNSAFE_FrameworkContext, useLocation, useMatches } from 'react-router'
import { variantUrl } from '#config/site-images.ts'
import { brandColour, siteFavicon } from '#config/site-settings.ts'
import { shellCopy } from '#content/shell.ts'
import { LeadFormIslandScript } from './components/lead-form-island-script.tsx'
import { SiteFooter } from './components/site-footer.tsx'
import { SiteHeader } from './components/site-header.tsx'
import { BrandColour, SiteNotice } from './components/site-notice.tsx'
import { attributionScript } from './site/attribution.ts'
import { enhanceScript } from './site/enhance-script.ts'
import { useLocalized } from './site/i18n.ts'
import { leadFormIslandPlaceholder } from './site/lead-form-island.ts'
import { splitLocale } from './site/route-table.ts'
import './styles/site.css'

/** What a route module may declare in its `handle`. */
export interface RouteHandle {
  /** The page holds a lead form: it carries the form island's wake-up. Pages without one ship no JavaScript bundle. */
  formIsland?: boolean
}

function needsFormIsland(matches: ReturnType<typeof useMatches>): boolean {
  return matches.some((m) => {
    const handle = m.handle as RouteHandle | undefined
    return handle?.formIsland === true
  })
}

export function Layout({ children }: { children: ReactNode }) {
  const { locale, path } = splitLocale(useLocation().pathname)
  const copy = useLocalized(shellCopy)
  const isSpaFallback = useContext(UNSAFE_FrameworkContext)?.isSpaMode === true
  const formIsland = needsFormIsland(useMatches())
  // The favicon uploaded on the desk (PNG files made from it), else the build's.
  const favicon = siteFavicon()
  return (
    <html lang={locale}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={brandColour()} />
        <link
          rel="icon"
          href={favicon ? variantUrl(favicon, 48, 'png') : '/favicon-48.png'}
          type="image/png"
          sizes="48x48"
        />
        <link
          rel="apple-touch-icon"
          href={favicon ? variantUrl(favicon, 180, 'png') : '/apple-touch-icon.png'}
        />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
        <BrandColour />
      </head>
      <body>
        <a href="#main" className="skip-link">
          {copy.skipToContent}
        </a>
        <SiteNotice locale={locale} />
        <SiteHeader pagePath={path} />
        <main id="main" tabIndex={-1}>
          {children}
        </main>
        <SiteFooter />
        <script dangerouslySetInnerHTML={{ __html: enhanceScript }} />
        <script dangerouslySetInnerHTML={{ __html: attributionScript }} />
        {/* React Router's SPA fallback shell must carry its scripts (its build checks it); the
            server never sends that file: unknown paths get the prerendered 404 page. */}
        {isSpaFallback ? <Scripts /> : null}
        {formIsland ? <LeadFormIslandScript src={leadFormIslandPlaceholder} /> : null}
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}
