/**
 * The agency's own details: the one place an agency edits to make this site its own.
 * Every value here is a plainly fictional example (".example" domains are reserved for that,
 * and 555-01xx numbers are reserved for fiction); no page hard-codes any of them. What is derived
 * from them (the phone's forms, the address lines, the hours read in the time zone) is in
 * config/agency-facts.ts.
 */
/** A rater's address, or null when none is set up (typed wide so setting one is a one-word edit). */
function raterUrl(url: string | null): string | null {
  return url
}

export const agency = {
  name: 'Oak Ridge Insurance Agency',
  shortName: 'Oak Ridge Insurance',
  owner: { name: 'Daniela Ramírez', title: 'Business Owner and Insurance Specialist' },
  /** US numbers, digits only; config/agency-facts.ts writes them for display, links and search engines. */
  phone: '7705550142',
  fax: '7705550143',
  email: 'hello@oakridge-insurance.example',
  siteUrl: 'https://www.oakridge-insurance.example',
  address: {
    street: '120 Main Street, Suite 4',
    city: 'Bethlehem',
    region: 'GA',
    regionName: 'Georgia',
    postalCode: '30620',
    country: 'US',
  },
  /** Opening hours as schema.org wants them; the pages render them per locale. */
  hours: [
    { days: ['Mo', 'Tu', 'We', 'Th'], opens: '09:00', closes: '17:00' },
    { days: ['Fr'], opens: '09:00', closes: '16:00' },
    { days: ['Sa', 'Su'], opens: null, closes: null },
  ],
  /** The agency's state insurance licence, shown in every page's footer. */
  licenseNumber: 'GA license 1234567 (example)',
  areaServed: ['Georgia'],
  /** The office's time zone (IANA): `hours` are read in it; the staff inbox shows times and filters days in it. */
  timeZone: 'America/New_York',
  languages: ['en', 'es'],
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
} as const

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
