import { index, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes'
import { type Locale, localePrefix, locales, type PageEntry, routeTable } from './site/route-table.ts'

// One route tree per language, built from the route table; the Spanish tree lives under /es and
// reuses the same modules (a page reads its language from the path).
function toRoutes(entries: PageEntry[], locale: Locale, base: string): RouteConfigEntry[] {
  return entries.map((entry) => {
    const id = `${locale}:${entry.id}`
    if (entry.children) {
      return route(join(base, entry.path), entry.file, { id }, toRoutes(entry.children, locale, ''))
    }
    if (entry.path === '' && base === '') return index(entry.file, { id })
    return route(join(base, entry.path), entry.file, { id })
  })
}

const join = (base: string, path: string) => [base, path].filter(Boolean).join('/')

export default locales.flatMap((locale) => {
  const base = localePrefix[locale].slice(1)
  return [
    ...toRoutes(routeTable, locale, base).map((entry) =>
      // the language's home page: an index route for English, the bare prefix for Spanish
      entry.index && base ? route(base, entry.file, { id: entry.id }) : entry,
    ),
    route(join(base, 'thank-you'), 'routes/thank-you.tsx', { id: `${locale}:thank-you` }),
    route(join(base, '*'), 'routes/not-found.tsx', { id: `${locale}:not-found` }),
  ]
}) satisfies RouteConfig
