import { useLocation } from 'react-router'
import type { Locale, Localized } from '#content/locale.ts'
import { splitLocale, withLocale } from './route-table.ts'

export type { Localized }

export function useLocale(): Locale {
  return splitLocale(useLocation().pathname).locale
}

/** Picks this page's language from content written for every language. */
export function useLocalized<T>(content: Localized<T>): T {
  return content[useLocale()]
}

/** A link target in the visitor's language: href('/contact') is '/es/contact' on a Spanish page. */
export function useHref(): (path: string) => string {
  const locale = useLocale()
  return (path) => withLocale(locale, path)
}
