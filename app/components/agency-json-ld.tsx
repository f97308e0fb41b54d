import { agency } from '#config/agency.ts'
import { agencyFax, agencyPhone, schemaDayName } from '#config/agency-facts.ts'
import { variantUrl, variantWidths } from '#config/site-images.ts'
import { closedDays, siteLogo } from '#config/site-settings.ts'
import { languageNames } from '#content/languages.ts'
import { useLocale } from '../site/i18n.ts'
import { withLocale } from '../site/route-table.ts'

/** The logo uploaded on the desk as a full address (its largest WebP), for search engines. */
function logoUrl(): string | undefined {
  const logo = siteLogo()
  if (!logo) return undefined
  const largest = variantWidths(logo).at(-1) ?? logo.width
  return new URL(variantUrl(logo, largest, 'webp'), agency.siteUrl).href
}

/** The agency as schema.org's InsuranceAgency, for search engines' local results. */
function agencyStructuredData(pageUrl: string) {
  const logo = logoUrl()
  return {
    '@context': 'https://schema.org',
    '@type': 'InsuranceAgency',
    name: agency.name,
    url: pageUrl,
    telephone: agencyPhone.international,
    faxNumber: agencyFax.international,
    email: agency.email,
    founder: { '@type': 'Person', name: agency.owner.name },
    ...(logo ? { logo } : {}),
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
        dayOfWeek: entry.days.map(schemaDayName),
        opens: entry.opens,
        closes: entry.closes,
      })),
    // Closed days as schema.org writes them: opening and closing at midnight (closed all day).
    ...(closedDays().length > 0
      ? {
          specialOpeningHoursSpecification: closedDays().map((closed) => ({
            '@type': 'OpeningHoursSpecification',
            validFrom: closed.from,
            validThrough: closed.to,
            opens: '00:00',
            closes: '00:00',
          })),
        }
      : {}),
    areaServed: agency.areaServed.map((name) => ({ '@type': 'State', name })),
    availableLanguage: agency.languages.map((code) => languageNames[code].english),
    knowsLanguage: agency.languages,
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
