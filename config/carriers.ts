/**
 * The insurance companies the agency represents: the list a new install starts from. An
 * independent agency's appointments change over time, so owners edit it on the desk (/admin/site)
 * and publish; the carriers page, the home strip and the "contact your carrier" page follow.
 *
 * Logos are shown as text wordmarks unless an owner uploads a carrier's logo on the desk (trademark
 * artwork needs each carrier's permission, which the agency gets; text costs no image requests).
 */
import { liveObject, publishedSettings } from './live-settings.ts'
import type { SiteImage } from './site-images.ts'

export interface Carrier {
  /** The carrier's name as customers know it. */
  name: string
  /** The carrier's public home page. */
  url: string
  /** A shorter name for tight spaces (the wordmark tiles). */
  shortName?: string
  /** Claims and service line, digits only; listed only when confirmed with the carrier. */
  customerServicePhone?: string
  /** Shown on the home page's strip of six. */
  featured?: boolean
  /** The logo an owner uploaded with the carrier's permission; without one, the text wordmark. */
  logo?: SiteImage
}

const carrierList = [
  { name: 'Progressive', url: 'https://www.progressive.com' },
  { name: 'Travelers', url: 'https://www.travelers.com' },
  { name: 'Safeco Insurance', shortName: 'Safeco', url: 'https://www.safeco.com' },
  { name: 'Nationwide', url: 'https://www.nationwide.com' },
  { name: 'The Hartford', url: 'https://www.thehartford.com' },
  { name: 'Liberty Mutual', url: 'https://www.libertymutual.com' },
  { name: 'Auto-Owners Insurance', shortName: 'Auto-Owners', url: 'https://www.auto-owners.com' },
  { name: 'The Cincinnati Insurance Companies', shortName: 'Cincinnati', url: 'https://www.cinfin.com' },
  { name: 'Foremost Insurance', shortName: 'Foremost', url: 'https://www.foremost.com' },
  { name: 'American Modern Insurance Group', shortName: 'American Modern', url: 'https://www.amig.com' },
  { name: 'Hagerty', url: 'https://www.hagerty.com' },
  { name: 'National General', url: 'https://www.nationalgeneral.com' },
  { name: 'Bristol West', url: 'https://www.bristolwest.com' },
  { name: 'Dairyland', url: 'https://www.dairylandinsurance.com' },
  { name: 'GAINSCO', url: 'https://www.gainsco.com' },
  { name: 'Kemper', url: 'https://www.kemper.com' },
  { name: 'Mercury Insurance', shortName: 'Mercury', url: 'https://www.mercuryinsurance.com' },
  { name: 'AssuranceAmerica', url: 'https://www.assuranceamerica.com' },
  { name: 'Openly', url: 'https://openly.com' },
  { name: 'Hippo', url: 'https://www.hippo.com' },
  { name: 'Branch', url: 'https://www.ourbranch.com' },
  { name: 'Universal Property', url: 'https://universalproperty.com' },
  { name: 'Stillwater Insurance', shortName: 'Stillwater', url: 'https://www.stillwaterinsurance.com' },
  { name: 'Neptune Flood', url: 'https://neptuneflood.com' },
  { name: 'Grange Insurance', shortName: 'Grange', url: 'https://www.grangeinsurance.com' },
  { name: 'Markel', url: 'https://www.markel.com' },
  { name: 'Hiscox', url: 'https://www.hiscox.com' },
  { name: 'EMPLOYERS', url: 'https://www.employers.com' },
  { name: 'AmTrust Financial', shortName: 'AmTrust', url: 'https://amtrustfinancial.com' },
  { name: 'K&K Insurance', url: 'https://www.kandkinsurance.com' },
  { name: 'Mutual of Omaha', url: 'https://www.mutualofomaha.com' },
  { name: 'Aflac', url: 'https://www.aflac.com' },
  { name: 'Foresters Financial', shortName: 'Foresters', url: 'https://www.foresters.com' },
] as const satisfies readonly Carrier[]

type CarrierName = (typeof carrierList)[number]['name']

/** The six names on the home page's carrier strip; a name not in the list fails the type check. */
const featuredCarriers = [
  'Progressive',
  'Travelers',
  'Safeco Insurance',
  'Nationwide',
  'The Hartford',
  'Auto-Owners Insurance',
] as const satisfies readonly CarrierName[]

const featuredNames = new Set<string>(featuredCarriers)

/** The carriers a new install starts from, in the order the carriers page shows them. */
export const defaultCarriers: readonly Carrier[] = carrierList.map((carrier) =>
  featuredNames.has(carrier.name) ? { ...carrier, featured: true } : carrier,
)

/** Every published carrier, in the order the carriers page shows them. */
export const carriers: readonly Carrier[] = liveObject(() => publishedSettings()?.carriers ?? defaultCarriers)

/** The featured carriers' entries, in list order (read when a page renders). */
export function featuredCarrierEntries(): readonly Carrier[] {
  return carriers.filter((carrier) => carrier.featured === true)
}
