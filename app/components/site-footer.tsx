import { Mail, MapPin, Phone } from 'lucide-react'
import { siFacebook, siInstagram, siYoutube } from 'simple-icons'
import { agency } from '#config/agency.ts'
import { addressLines, agencyPhone, localityParts } from '#config/agency-facts.ts'
import { shellCopy } from '#content/shell.ts'
import { useHref, useLocalized } from '../site/i18n.ts'
import { BrandIcon } from './brand-icon.tsx'
import { MapFrame } from './map-frame.tsx'

const footerNav = [
  { key: 'home', path: '/' },
  { key: 'services', path: '/services' },
  { key: 'insurance', path: '/insurance' },
  { key: 'quote', path: '/get-a-quote' },
  { key: 'about', path: '/about' },
  { key: 'contact', path: '/contact' },
  { key: 'privacy', path: '/privacy' },
] as const

export function SiteFooter() {
  const copy = useLocalized(shellCopy)
  const href = useHref()
  const socials = [
    { icon: siFacebook, url: agency.social.facebook, name: copy.social.facebook },
    { icon: siInstagram, url: agency.social.instagram, name: copy.social.instagram },
    { icon: siYoutube, url: agency.social.youtube, name: copy.social.youtube },
  ]
  return (
    <footer className="site-footer">
      <div className="container site-footer__grid">
        <nav aria-labelledby="footer-nav-heading">
          <h2 id="footer-nav-heading" className="site-footer__heading">
            {copy.footer.navHeading}
          </h2>
          <ul className="site-footer__list">
            {footerNav.map((link) => (
              <li key={link.key}>
                <a href={href(link.path)}>{copy.footer.links[link.key]}</a>
              </li>
            ))}
          </ul>
          <h2 className="site-footer__heading">{copy.footer.followHeading}</h2>
          <ul className="site-footer__social">
            {socials.map((s) => (
              <li key={s.name}>
                <a href={s.url} target="_blank" rel="noopener noreferrer">
                  <BrandIcon icon={s.icon} label={`${s.name} ${copy.newTab}`} size={22} />
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="site-footer__heading">{copy.footer.contactHeading}</h2>
          <address className="site-footer__address">
            <strong>{agency.name}</strong>
            <span className="icon-line">
              <MapPin aria-hidden="true" width={18} height={18} />
              <span>
                {addressLines[0]}
                <br />
                {localityParts}
              </span>
            </span>
            <span className="icon-line">
              <Phone aria-hidden="true" width={18} height={18} />
              <a href={agencyPhone.href}>
                <span className="visually-hidden">{copy.footer.phoneLabel}: </span>
                {agencyPhone.display}
              </a>
            </span>
            <span className="icon-line">
              <Mail aria-hidden="true" width={18} height={18} />
              <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </span>
          </address>
        </div>
        <div>
          <MapFrame title={copy.footer.mapTitle} height={300} linkLabel={copy.footer.mapLink} />
        </div>
      </div>
      <div className="site-footer__bottom">
        <div className="container site-footer__bottom-inner">
          <p>
            © {new Date().getFullYear()} {agency.name}. {copy.footer.rights}
          </p>
          <p>
            {copy.footer.licensed}: {agency.licenseNumber}
          </p>
          <p>
            {copy.footer.madeBy}{' '}
            <a href={agency.developerCredit.url} target="_blank" rel="noopener noreferrer">
              {agency.developerCredit.name}
              <span className="visually-hidden"> {copy.newTab}</span>
            </a>
          </p>
        </div>
      </div>
    </footer>
  )
}
