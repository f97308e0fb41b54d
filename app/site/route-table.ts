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

export const routeTable: PageEntry[] = [
  page('home', '', 'routes/home.tsx'),
  page('about-layout', 'about', 'routes/about/layout.tsx', [
    page('about', '', 'routes/about/welcome.tsx'),
    page('client-center', 'client-center', 'routes/about/client-center.tsx'),
    page('testimonials', 'testimonials', 'routes/about/testimonials.tsx'),
    page('refer-friend', 'refer-friend', 'routes/about/refer-friend.tsx'),
  ]),
  page('contact', 'contact', 'routes/contact.tsx'),
  page('get-a-quote', 'get-a-quote', 'routes/get-a-quote.tsx'),
  page('services-layout', 'services', 'routes/services/layout.tsx', [
    page('services', '', 'routes/services/chooser.tsx'),
    page('free-consultation', 'free-consultation', 'routes/services/free-consultation.tsx'),
    page('contact-carrier', 'contact-carrier', 'routes/services/contact-carrier.tsx'),
    page('update-info', 'update-info', 'routes/services/update-info.tsx'),
    page('proof-insurance', 'proof-insurance', 'routes/services/proof-insurance.tsx'),
  ]),
  page('insurance-carriers', 'insurance-carriers', 'routes/insurance-carriers.tsx'),
  page('privacy', 'privacy', 'routes/privacy.tsx'),
  page('insurance', 'insurance', 'routes/insurance/index.tsx'),
  page('vehicle', 'insurance/vehicle', 'routes/insurance/vehicle/index.tsx'),
  page('auto', 'insurance/vehicle/auto', 'routes/insurance/vehicle/auto.tsx'),
  page('atv', 'insurance/vehicle/atv', 'routes/insurance/vehicle/atv.tsx'),
  page('boat', 'insurance/vehicle/boat', 'routes/insurance/vehicle/boat.tsx'),
  page('classic-car', 'insurance/vehicle/classic-car', 'routes/insurance/vehicle/classic-car.tsx'),
  page('motorcycle', 'insurance/vehicle/motorcycle', 'routes/insurance/vehicle/motorcycle.tsx'),
  page('rv', 'insurance/vehicle/rv', 'routes/insurance/vehicle/rv.tsx'),
  page('property', 'insurance/property', 'routes/insurance/property/index.tsx'),
  page('flood', 'insurance/property/flood', 'routes/insurance/property/flood.tsx'),
  page('home-insurance', 'insurance/property/home', 'routes/insurance/property/home.tsx'),
  page('landlord', 'insurance/property/landlord', 'routes/insurance/property/landlord.tsx'),
  page('renters', 'insurance/property/renters', 'routes/insurance/property/renters.tsx'),
  page('life', 'insurance/life', 'routes/insurance/life/index.tsx'),
  page('life-insurance', 'insurance/life/life-insurance', 'routes/insurance/life/life-insurance.tsx'),
  page('final-expense', 'insurance/life/final-expense', 'routes/insurance/life/final-expense.tsx'),
  page('umbrella', 'insurance/life/umbrella', 'routes/insurance/life/umbrella.tsx'),
  page('business', 'insurance/business', 'routes/insurance/business/index.tsx'),
  page(
    'general-liability',
    'insurance/business/general-liability',
    'routes/insurance/business/general-liability.tsx',
  ),
  page('bop', 'insurance/business/bop', 'routes/insurance/business/bop.tsx'),
  page(
    'workers-compensation',
    'insurance/business/workers-compensation',
    'routes/insurance/business/workers-compensation.tsx',
  ),
  page('others', 'insurance/others', 'routes/insurance/others/index.tsx'),
  page(
    'animal-liability',
    'insurance/others/animal-liability',
    'routes/insurance/others/animal-liability.tsx',
  ),
  page('event', 'insurance/others/event', 'routes/insurance/others/event.tsx'),
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
