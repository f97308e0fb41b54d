/**
 * The site's files beside its pages that carry the agency's facts: the sitemap and robots.txt (the
 * site's address), the web app manifest (the name, the short name, the brand colour). The build
 * writes them with the defaults (scripts/postbuild.ts) and the server again with each published
 * version of the settings, into that version's folder (server/site/site-pages.ts): they follow a
 * publish with the pages.
 */
import { locales, publicPaths, withLocale } from './route-table.ts'

export interface SiteFileFacts {
  /** 'https://www.example.com', no trailing slash. */
  siteUrl: string
  name: string
  shortName: string
  /** '#rrggbb': the browser's theme colour. */
  brandColour: string
}

/** Each file's path from the site's root, as visitors and crawlers ask for it. */
export const siteFilePaths = ['/sitemap.xml', '/robots.txt', '/manifest.webmanifest'] as const

/** Every public page in every language, each with its language alternates (for search engines). */
function sitemap(siteUrl: string): string {
  const urls = publicPaths('en').flatMap((path) =>
    locales.map((locale) => {
      const alternates = [
        ...locales.map((l) => ({ lang: l, href: `${siteUrl}${withLocale(l, path)}` })),
        { lang: 'x-default', href: `${siteUrl}${path}` },
      ]
      return [
        '  <url>',
        `    <loc>${siteUrl}${withLocale(locale, path)}</loc>`,
        ...alternates.map((a) => `    <xhtml:link rel="alternate" hreflang="${a.lang}" href="${a.href}"/>`),
        '  </url>',
      ].join('\n')
    }),
  )
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`
}

/** The files by path ('/sitemap.xml' → its text). */
export function siteFiles(facts: SiteFileFacts): Map<(typeof siteFilePaths)[number], string> {
  const manifest = {
    name: facts.name,
    short_name: facts.shortName,
    start_url: '/',
    display: 'browser',
    background_color: '#ffffff',
    theme_color: facts.brandColour,
    icons: [{ src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  }
  return new Map([
    ['/sitemap.xml', sitemap(facts.siteUrl)],
    [
      '/robots.txt',
      `User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api/\n\nSitemap: ${facts.siteUrl}/sitemap.xml\n`,
    ],
    ['/manifest.webmanifest', JSON.stringify(manifest, null, 2)],
  ])
}
