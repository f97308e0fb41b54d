/**
 * The public route table: 38 pages, each with the route module that renders it.
 * routes.ts turns it into React Router's config (once per language), the prerender list,
 * the sitemap and the route tests all read it, so a page is added here and nowhere else.
 */
import { type Locale, locales } from '#content/locale.ts'

export { type Locale, locales }

/** English lives at the root, other languages under their prefix: the path decides the language. */
export const localePrefix: Record<Locale, string> = { en: '', es: '/es' }

export interface PageEntry {
  /** Stable name of the page, used for route ids and content lookups. */
  id: string
  /** Path relative to the parent ('' for an index page). */
  path: string
  /** Route module under app/. */
  file: string
  children?: PageEntry[]
}

const page = (id: string, path: string, file: string, children?: PageEntry[]): PageEntry =>
  children ? { id, path, file, children } : { id, path, file }

/** Pages below a section, each with its id and path segment alike: routes/<section>/<segment>.tsx. */
const sectionPages = (section: string, segments: string[]): PageEntry[] =>
  segments.map((segment) => page(segment, segment, `routes/${section}/${segment}.tsx`))

/**
 * A line of insurance: its hub page, then its products, each with its id, path segment and module
 * named alike, but the property line's home page, 'home-insurance' ('home' is the site's home page).
 */
const insuranceLine = (line: string, products: string[]): PageEntry[] => [
  page(line, `insurance/${line}`, `routes/insurance/${line}/index.tsx`),
  ...products.map((product) =>
    page(
      product === 'home' ? 'home-insurance' : product,
      `insurance/${line}/${product}`,
      `routes/insurance/${line}/${product}.tsx`,
    ),
  ),
]

export const routeTable: PageEntry[] = [
  page('home', '', 'routes/home.tsx'),
  page('about-layout', 'about', 'routes/about/layout.tsx', [
    page('about', '', 'routes/about/welcome.tsx'),
    ...sectionPages('about', ['client-center', 'testimonials', 'refer-friend']),
  ]),
  page('contact', 'contact', 'routes/contact.tsx'),
  page('get-a-quote', 'get-a-quote', 'routes/get-a-quote.tsx'),
  page('services-layout', 'services', 'routes/services/layout.tsx', [
    page('services', '', 'routes/services/chooser.tsx'),
    ...sectionPages('services', ['free-consultation', 'contact-carrier', 'update-info', 'proof-insurance']),
  ]),
  page('insurance-carriers', 'insurance-carriers', 'routes/insurance-carriers.tsx'),
  page('privacy', 'privacy', 'routes/privacy.tsx'),
  page('insurance', 'insurance', 'routes/insurance/index.tsx'),
  ...insuranceLine('vehicle', ['auto', 'atv', 'boat', 'classic-car', 'motorcycle', 'rv']),
  ...insuranceLine('property', ['flood', 'home', 'landlord', 'renters']),
  ...insuranceLine('life', ['life-insurance', 'final-expense', 'umbrella']),
  ...insuranceLine('business', ['general-liability', 'bop', 'workers-compensation']),
  ...insuranceLine('others', ['animal-liability', 'event']),
]

/** Public paths in one language, e.g. '/', '/about', '/about/testimonials'. Layout routes are not pages themselves. */
export function publicPaths(locale: Locale = 'en'): string[] {
  const out: string[] = []
  const walk = (entries: PageEntry[], parent: string) => {
    for (const entry of entries) {
      const path = [parent, entry.path].filter(Boolean).join('/')
      if (entry.children) walk(entry.children, path)
      else out.push(withLocale(locale, `/${path}`))
    }
  }
  walk(routeTable, '')
  return out
}

/** '/insurance' → '/es/insurance' for Spanish; '/' → '/es'. */
export function withLocale(locale: Locale, path: string): string {
  const prefix = localePrefix[locale]
  if (!prefix) return path
  return path === '/' ? prefix : `${prefix}${path}`
}

/** A page's path as the site links it: '/es/contact/' (as prerendering asks for it) → '/es/contact'. */
export function canonicalPath(rawPathname: string): string {
  const { locale, path } = splitLocale(rawPathname)
  return withLocale(locale, path)
}

/** The locale a path belongs to, and the path without its locale prefix. */
export function splitLocale(rawPathname: string): { locale: Locale; path: string } {
  // prerendering asks for '/insurance/' where the site links '/insurance'
  const pathname = rawPathname.length > 1 ? rawPathname.replace(/\/+$/, '') : rawPathname
  for (const locale of locales) {
    const prefix = localePrefix[locale]
    if (prefix && (pathname === prefix || pathname.startsWith(`${prefix}/`))) {
      return { locale, path: pathname.slice(prefix.length) || '/' }
    }
  }
  return { locale: 'en', path: pathname }
}

/** The unknown-route page is prerendered at this path; the server answers it with status 404. */
export const notFoundPath = '/404'

/** Where a form posted without JavaScript lands once stored (not in the sitemap: nobody links to it). */
const thankYouPath = '/thank-you'

export function prerenderPaths(): string[] {
  return locales.flatMap((locale) => [
    ...publicPaths(locale),
    withLocale(locale, notFoundPath),
    withLocale(locale, thankYouPath),
  ])
}
