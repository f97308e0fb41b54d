import { Menu, Phone } from 'lucide-react'
import { siFacebook, siInstagram, siYoutube } from 'simple-icons'
import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { shellCopy } from '#content/shell.ts'
import { useHref, useLocale, useLocalized } from '../site/i18n.ts'
import { insuranceLines } from '../site/insurance-lines.ts'
import { type Locale, withLocale } from '../site/route-table.ts'
import { BrandIcon } from './brand-icon.tsx'

export const mainNav = [
  { key: 'home', path: '/' },
  { key: 'services', path: '/services' },
  { key: 'insurance', path: '/insurance' },
  { key: 'about', path: '/about' },
  { key: 'contact', path: '/contact' },
] as const

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
        {insuranceLines(locale).map((line) => (
          <div key={line.path} className="nav-lines__group">
            <a
              href={href(line.path)}
              className="nav-lines__line"
              aria-current={pagePath === line.path ? 'page' : undefined}
            >
              {line.title}
            </a>
            <ul>
              {line.products.map((product) => (
                <li key={product.path}>
                  <a
                    href={href(product.path)}
                    className="nav-lines__product"
                    aria-current={pagePath === product.path ? 'page' : undefined}
                  >
                    {product.title}
                  </a>
                </li>
              ))}
            </ul>
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
          <ul className="top-strip__social" aria-label={copy.topStripLabel}>
            <li>
              <a href={agency.social.facebook} target="_blank" rel="noopener noreferrer">
                <BrandIcon icon={siFacebook} label={`${copy.social.facebook} ${copy.newTab}`} />
              </a>
            </li>
            <li>
              <a href={agency.social.instagram} target="_blank" rel="noopener noreferrer">
                <BrandIcon icon={siInstagram} label={`${copy.social.instagram} ${copy.newTab}`} />
              </a>
            </li>
            <li>
              <a href={agency.social.youtube} target="_blank" rel="noopener noreferrer">
                <BrandIcon icon={siYoutube} label={`${copy.social.youtube} ${copy.newTab}`} />
              </a>
            </li>
          </ul>
          <div className="top-strip__contact">
            <a
              href={withLocale(otherLocale, pagePath)}
              hrefLang={otherLocale}
              lang={otherLocale}
              title={copy.otherLanguage.title}
              className="top-strip__language"
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
            <svg aria-hidden="true" width="32" height="32" viewBox="0 0 32 32" className="brand__mark">
              <path d="M16 2 4 7v8c0 7.5 5.1 13.4 12 15 6.9-1.6 12-7.5 12-15V7z" fill="currentColor" />
              <path d="M16 9c-3 3-4.5 6-4.5 8.5a4.5 4.5 0 0 0 9 0C20.5 15 19 12 16 9Z" fill="#fff" />
            </svg>
            <span>{agency.shortName}</span>
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
