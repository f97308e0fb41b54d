import type { MetaDescriptor } from 'react-router'
import { agency } from '#config/agency.ts'
import { pageMetaOverride } from '#config/site-settings.ts'
import type { PageMeta } from '#content/types.ts'
import type { Localized } from './i18n.ts'
import { locales, splitLocale, withLocale } from './route-table.ts'

/** The head of a page: title, description, canonical and language alternates, social cards. */
export function pageMeta(content: Localized<{ meta: PageMeta }>) {
  return ({ location }: { location: { pathname: string } }): MetaDescriptor[] => {
    const { locale, path } = splitLocale(location.pathname)
    // The desk's title and description for the page, where an owner set them (/admin/site).
    const m = { ...content[locale].meta, ...pageMetaOverride(path, locale) }
    const url = `${agency.siteUrl}${withLocale(locale, path)}`
    const title = `${m.title} | ${agency.name}`
    return [
      { title },
      { name: 'description', content: m.description },
      { tagName: 'link', rel: 'canonical', href: url },
      ...locales.map((l) => ({
        tagName: 'link',
        rel: 'alternate',
        hrefLang: l,
        href: `${agency.siteUrl}${withLocale(l, path)}`,
      })),
      { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: `${agency.siteUrl}${path}` },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: agency.name },
      { property: 'og:title', content: title },
      { property: 'og:description', content: m.description },
      { property: 'og:url', content: url },
      { property: 'og:locale', content: locale === 'en' ? 'en_US' : 'es_US' },
      { name: 'twitter:card', content: 'summary' },
      { name: 'twitter:title', content: title },
      { name: 'twitter:description', content: m.description },
    ]
  }
}
