/**
 * The agency's own details: the one file a new install edits before its first start (README,
 * "Make it your agency's"). They are the defaults the desk starts from: owners then change them on
 * the desk (/admin/site) and publish, without a build (docs/decisions/034-site-settings.md).
 * `agency` below is always the published value; `agencyDefaults` is this file's.
 * Every value here is a plainly fictional example (".example" domains are reserved for that,
 * and 555-01xx numbers are reserved for fiction); no page hard-codes any of them. What is derived
 * from them (the phone's forms, the address lines, the hours read in the time zone) is in
 * config/agency-facts.ts.
 */
import { liveObject, publishedSettings } from './live-settings.ts'

/** The days of a week as schema.org's opening hours write them, Monday first. */
export type DayCode = 'Mo' | 'Tu' | 'We' | 'Th' | 'Fr' | 'Sa' | 'Su'

/** A rater's address, or null when none is set up (typed wide so setting one is a one-word edit). */
function raterUrl(url: string | null): string | null {
  return url
}

export const agencyDefaults = {
  name: 'Oak Ridge Insurance Agency',
  shortName: 'Oak Ridge Insurance',
  owner: {
    name: 'Daniela Ramírez',
    title: { en: 'Business Owner and Insurance Specialist', es: 'Propietaria y especialista en seguros' },
  },
  /** US numbers, digits only; config/agency-facts.ts writes them for display, links and search engines. */
  phone: '7705550142',
  fax: '7705550143',
  email: 'hello@oakridge-insurance.example',
  siteUrl: 'https://www.oakridge-insurance.example',
  address: {
    street: '120 Main Street, Suite 4',
    city: 'Bethlehem',
    /** The state's two-letter code, and its name in each language ('Oregon', 'Oregón'). */
    region: 'GA',
    regionName: { en: 'Georgia', es: 'Georgia' },
    postalCode: '30620',
    country: 'US',
  },
  /** Opening hours as schema.org wants them; the pages render them per locale. */
  hours: [
    { days: ['Mo', 'Tu', 'We', 'Th'], opens: '09:00', closes: '17:00' },
    { days: ['Fr'], opens: '09:00', closes: '16:00' },
    { days: ['Sa', 'Su'], opens: null, closes: null },
  ] as { days: DayCode[]; opens: string | null; closes: string | null }[],
  /** The agency's state insurance licence, shown in every page's footer. */
  licenseNumber: 'GA license 1234567 (example)',
  /** Its people, as the copy names them ('Georgians', 'los georgianos'). */
  people: { en: 'Georgians', es: 'los georgianos' },
  areaServed: ['Georgia'],
  /** The office's time zone (IANA): `hours` are read in it; the staff inbox shows times and filters days in it. */
  timeZone: 'America/New_York',
  languages: ['en', 'es'] as ('en' | 'es')[],
  social: {
    facebook: 'https://www.facebook.com/oakridge-insurance.example',
    instagram: 'https://www.instagram.com/oakridge-insurance.example',
    youtube: 'https://www.youtube.com/@oakridge-insurance.example',
  },
  /** Google Maps embed of the office (loaded only on demand, never with the page). */
  mapEmbedUrl: 'https://www.google.com/maps?q=Bethlehem%2C%20GA%2030620&output=embed',
  mapLinkUrl: 'https://www.google.com/maps/search/?api=1&query=Bethlehem%2C%20GA%2030620',
  /**
   * Third-party quoting and client portal pages shown in frames. The auto and home raters are
   * unset (null) until the agency has an account with a rater: their pages then offer the site's
   * own quote request form, the line of insurance preselected; with an address, the rater's frame
   * and its link, and the form below as the alternative.
   */
  thirdParty: {
    autoQuoteUrl: raterUrl(null),
    homeQuoteUrl: raterUrl(null),
    clientPortalUrl: 'https://portal.clientcenter.example/oak-ridge',
  },
  developerCredit: { name: 'Oak Ridge web team', url: 'https://www.oakridge-insurance.example' },
  foundedYear: 2012,
}

/** The agency's facts, as settings store them (the desk edits any of them). */
export type AgencyFacts = typeof agencyDefaults

/** The published facts: read at the moment of use, so a publish reaches every page, e-mail and clock. */
export const agency: AgencyFacts = liveObject(() => publishedSettings()?.agency ?? agencyDefaults)

/** The origins the site embeds in frames; the server's Content-Security-Policy allows only these. */
export function frameOrigins(): string[] {
  const urls = [agency.mapEmbedUrl, ...Object.values(agency.thirdParty)].filter(
    (url): url is string => url !== null,
  )
  return [...new Set(urls.map((url) => new URL(url).origin))]
}

/** '7705550142' → '(770) 555-0142', as people read a US number (config/agency-facts.ts uses it). */
export function formatPhone(digits: string): string {
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
}
