import { Mail, MapPin, Phone } from 'lucide-react'
import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { shellCopy } from '#content/shell.ts'
import { useHref, useLocalized } from '../site/i18n.ts'
import { IconLine, OfficeAddress } from './contact-lines.tsx'
import { MapFrame } from './map-frame.tsx'
import { navLinks } from './site-header.tsx'
import { SocialLinks } from './social-links.tsx'

const footerNav = navLinks(['home', 'services', 'insurance', 'quote', 'about', 'contact', 'privacy'])

export function SiteFooter() {
  const copy = useLocalized(shellCopy)
  const href = useHref()
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
          <SocialLinks className="site-footer__social" iconSize={22} />
        </nav>
        <div>
          <h2 className="site-footer__heading">{copy.footer.contactHeading}</h2>
          <address className="site-footer__address">
            <strong>{agency.name}</strong>
            <IconLine icon={MapPin}>
              <span>
                <OfficeAddress />
              </span>
            </IconLine>
            <IconLine icon={Phone}>
              <a href={agencyPhone.href}>
                <span className="visually-hidden">{copy.footer.phoneLabel}: </span>
                {agencyPhone.display}
              </a>
            </IconLine>
            <IconLine icon={Mail}>
              <a href={`mailto:${agency.email}`}>{agency.email}</a>
            </IconLine>
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
