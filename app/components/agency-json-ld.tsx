import { agency } from '../../config/agency.ts'
import { useLocale } from '../site/i18n.ts'
import { withLocale } from '../site/route-table.ts'

const dayNames: Record<string, string> = {
  Mo: 'Monday',
  Tu: 'Tuesday',
  We: 'Wednesday',
  Th: 'Thursday',
  Fr: 'Friday',
  Sa: 'Saturday',
  Su: 'Sunday',
}

/** The agency as schema.org's InsuranceAgency, for search engines' local results. */
function agencyStructuredData(pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'InsuranceAgency',
    name: agency.name,
    url: pageUrl,
    telephone: `+1-${agency.phone.slice(0, 3)}-${agency.phone.slice(3, 6)}-${agency.phone.slice(6)}`,
    faxNumber: `+1-${agency.fax.slice(0, 3)}-${agency.fax.slice(3, 6)}-${agency.fax.slice(6)}`,
    email: agency.email,
    founder: { '@type': 'Person', name: agency.owner.name },
    address: {
      '@type': 'PostalAddress',
      streetAddress: agency.address.street,
      addressLocality: agency.address.city,
      addressRegion: agency.address.region,
      postalCode: agency.address.postalCode,
      addressCountry: agency.address.country,
    },
    openingHoursSpecification: agency.hours
      .filter((entry) => entry.opens !== null)
      .map((entry) => ({
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: entry.days.map((day) => dayNames[day] ?? day),
        opens: entry.opens,
        closes: entry.closes,
      })),
    areaServed: agency.areaServed.map((name) => ({ '@type': 'State', name })),
    availableLanguage: ['English', 'Spanish'],
    knowsLanguage: ['en', 'es'],
    sameAs: Object.values(agency.social),
  }
}

/** JSON-LD in the page head's stead: a data block, never executed (the CSP hash covers it anyway). */
export function AgencyJsonLd({ path }: { path: string }) {
  const locale = useLocale()
  const json = JSON.stringify(agencyStructuredData(`${agency.siteUrl}${withLocale(locale, path)}`))
  // '<' escaped so no value can close the script element
  return (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json.replace(/</g, '\\u003c') }} />
  )
}
