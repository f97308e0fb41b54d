import { Menu, Phone } from 'lucide-react'
import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { siteLogo } from '#config/site-settings.ts'
import { shellCopy } from '#content/shell.ts'
import { useHref, useLocale, useLocalized } from '../site/i18n.ts'
import { insuranceLineLinks } from '../site/insurance-lines.ts'
import { type Locale, withLocale } from '../site/route-table.ts'
import { SiteLogo } from './site-image.tsx'
import { SocialLinks } from './social-links.tsx'

/** The site's main pages by name: the navbar and the footer link them. */
const sitePaths = {
  home: '/',
  services: '/services',
  insurance: '/insurance',
  quote: '/get-a-quote',
  about: '/about',
  contact: '/contact',
  privacy: '/privacy',
} as const

/** Links to main pages, in the order given. */
export const navLinks = <Key extends keyof typeof sitePaths>(keys: readonly Key[]) =>
  keys.map((key) => ({ key, path: sitePaths[key] }))

/** The navbar's links (the quote button and the lines menu follow them). */
export const mainNav = navLinks(['home', 'services', 'insurance', 'about', 'contact'])

/** Links to product pages, the current page marked (the lines menu, /get-a-quote's detailed forms). */
export function ProductLinks({
  products,
  linkClassName,
  pagePath,
}: {
  products: readonly { path: string; title: string }[]
  linkClassName: string
  pagePath?: string
}) {
  const href = useHref()
  return (
    <ul>
      {products.map((product) => (
        <li key={product.path}>
          <a
            href={href(product.path)}
            className={linkClassName}
            aria-current={pagePath === product.path ? 'page' : undefined}
          >
            {product.title}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * The lines and their products, behind a native disclosure: it opens without any script, sits in
 * the phone's menu and drops down from the desktop's bar; the inline script closes it on Escape
 * and on a tap outside.
 */
function InsuranceLines({ pagePath }: { pagePath: string }) {
  const copy = useLocalized(shellCopy)
  const locale = useLocale()
  const href = useHref()
  return (
    <details className="nav-lines" data-nav-lines="">
      <summary className="navbar__link nav-lines__summary">{copy.linesHeading}</summary>
      <div className="nav-lines__panel">
        {insuranceLineLinks(locale).map((line) => (
          <div key={line.path} className="nav-lines__group">
            <a
              href={href(line.path)}
              className="nav-lines__line"
              aria-current={pagePath === line.path ? 'page' : undefined}
            >
              {line.title}
            </a>
            <ProductLinks products={line.products} linkClassName="nav-lines__product" pagePath={pagePath} />
          </div>
        ))}
      </div>
    </details>
  )
}

/** A nav link is current on its own page and, except Home, on the pages below it. */
function isCurrent(linkPath: string, pagePath: string): boolean {
  if (linkPath === '/') return pagePath === '/'
  return pagePath === linkPath || pagePath.startsWith(`${linkPath}/`)
}

export function SiteHeader({ pagePath }: { pagePath: string }) {
  const copy = useLocalized(shellCopy)
  const href = useHref()
  // The site has two languages: the switch leads to the same page in the other one.
  const otherLocale: Locale = useLocale() === 'en' ? 'es' : 'en'
  return (
    <header className="site-header">
      <div className="top-strip">
        <div className="container top-strip__inner">
          <SocialLinks className="top-strip__social" label={copy.topStripLabel} />
          <div className="top-strip__contact">
            <a
              href={withLocale(otherLocale, pagePath)}
              hrefLang={otherLocale}
              lang={otherLocale}
              title={copy.otherLanguage.title}
              className="top-strip__language"
              data-language-switch=""
            >
              {copy.otherLanguage.label}
            </a>
            <a href={href('/contact')}>{copy.contactUs}</a>
            <a href={agencyPhone.href} className="top-strip__phone">
              <Phone aria-hidden="true" width={16} height={16} />
              <span className="visually-hidden">{copy.callUs}: </span>
              {agencyPhone.display}
            </a>
          </div>
        </div>
      </div>
      <div className="navbar">
        <div className="container navbar__inner">
          <a href={href('/')} className="brand">
            <SiteLogo logo={siteLogo()} name={agency.shortName} />
          </a>
          <button
            type="button"
            className="navbar__toggle"
            id="menu-toggle"
            aria-expanded="false"
            aria-controls="site-menu"
            data-menu-toggle=""
            data-label-open={copy.menuClose}
            data-label-closed={copy.menuToggle}
          >
            <Menu aria-hidden="true" width={24} height={24} />
            <span data-menu-label="">{copy.menuToggle}</span>
          </button>
          {/* Without scripting (site.css shows them then): the menu opens as the page's target. */}
          <a href="#site-menu" className="navbar__toggle navbar__toggle--no-script navbar__toggle--open">
            <Menu aria-hidden="true" width={24} height={24} />
            <span>{copy.menuToggle}</span>
          </a>
          <a href="#top" className="navbar__toggle navbar__toggle--no-script navbar__toggle--close">
            <Menu aria-hidden="true" width={24} height={24} />
            <span>{copy.menuClose}</span>
          </a>
          <nav id="site-menu" className="navbar__menu" aria-label={copy.mainNavLabel}>
            <ul>
              {mainNav.map((link) => (
                <li key={link.key}>
                  <a
                    href={href(link.path)}
                    aria-current={isCurrent(link.path, pagePath) ? 'page' : undefined}
                    className="navbar__link"
                  >
                    {copy.nav[link.key]}
                  </a>
                </li>
              ))}
              <li>
                <InsuranceLines pagePath={pagePath} />
              </li>
              <li>
                <a
                  href={href('/get-a-quote')}
                  className="button button--accent navbar__quote"
                  aria-current={isCurrent('/get-a-quote', pagePath) ? 'page' : undefined}
                >
                  {copy.getAQuote}
                </a>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </header>
  )
}
