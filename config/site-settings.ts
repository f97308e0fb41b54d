/**
 * Everything an agency changes on the desk (/admin/site) without a developer, as one document:
 * its facts (config/agency.ts's names), closed days, a notice on every page, testimonials,
 * carriers, the brand colour and, per page, the title and description search engines show. A
 * publish stores one version of it; the server installs the published one as the source every
 * reader uses (config/live-settings.ts). The defaults are the files a new install edits.
 */
import { type AgencyFacts, agencyDefaults } from './agency.ts'
import { type Carrier, defaultCarriers } from './carriers.ts'
import { publishedSettings } from './live-settings.ts'
import type { SiteImage } from './site-images.ts'
import { defaultTestimonials, type Testimonial } from './testimonials.ts'

/** Words in both of the site's languages. */
interface BothLanguages {
  en: string
  es: string
}

/** A day or a run of days the office is closed (holidays), dates in the office's time zone. */
export interface ClosedDays {
  /** 'YYYY-MM-DD', the first day closed. */
  from: string
  /** 'YYYY-MM-DD', the last day closed (the same as `from` for one day). */
  to: string
  label: BothLanguages
}

/** A short line on every page for a period ('Closed Friday for Thanksgiving'). */
export interface SiteNotice {
  text: BothLanguages
  /** 'YYYY-MM-DD', first and last day shown, in the office's time zone. */
  from: string
  until: string
}

/** What search engines show for one page, per language; an empty value keeps the page's own. */
interface PageMetaOverride {
  en?: { title?: string; description?: string }
  es?: { title?: string; description?: string }
}

/**
 * One of the agency's people. The member marked `owner` is the owner of the facts
 * (`agency.owner`: the same name and title, kept equal by the store); the others are the team the
 * about page lists, in this order, unless hidden.
 */
export interface TeamMember {
  name: string
  title: BothLanguages
  /** A short bio; empty: the owner's keeps the page's own paragraphs, a team member shows none. */
  bio: BothLanguages
  photo: SiteImage | null
  owner?: boolean
  hidden?: boolean
}

export interface SiteSettings {
  agency: AgencyFacts
  closedDays: ClosedDays[]
  notice: SiteNotice | null
  testimonials: Testimonial[]
  carriers: Carrier[]
  /** The owner and the team (the owner first by default). */
  team: TeamMember[]
  /** The header's logo; null: the drawn mark and the short name. */
  logo: SiteImage | null
  /** The browser's icon; null: the build's (public/favicon.svg). */
  favicon: SiteImage | null
  /** '#rrggbb': the header, buttons and links; checked for contrast before it is accepted. */
  brandColour: string
  /** By page path without the language prefix ('/contact'). */
  pageMeta: Record<string, PageMetaOverride>
}

/** What a form page carries of the published settings for its island (app/components/page-form.tsx). */
export interface PublishedFacts {
  phone: string
  region: string
  regionName: { en: string; es: string }
  hours: AgencyFacts['hours']
  timeZone: string
  closedDays: ClosedDays[]
}

/** The brand colour of the stylesheet (app/styles/site.css `--brand`). */
export const defaultBrandColour = '#14532d'

/** What a new install starts from: this folder's files. */
export function defaultSiteSettings(): SiteSettings {
  return structuredClone({
    agency: agencyDefaults,
    closedDays: [],
    notice: null,
    testimonials: [...defaultTestimonials],
    carriers: [...defaultCarriers],
    team: [
      {
        name: agencyDefaults.owner.name,
        title: agencyDefaults.owner.title,
        bio: { en: '', es: '' },
        photo: null,
        owner: true,
      },
    ],
    logo: null,
    favicon: null,
    brandColour: defaultBrandColour,
    pageMeta: {},
  })
}

/** The closed days in force (the published ones; none before the desk sets any). */
export function closedDays(): readonly ClosedDays[] {
  return publishedSettings()?.closedDays ?? []
}

/** The notice shown on `date` ('YYYY-MM-DD' in the office's time zone), if any. */
export function noticeOn(date: string): SiteNotice | undefined {
  const notice = publishedSettings()?.notice
  return notice && notice.from <= date && date <= notice.until ? notice : undefined
}

/** The page's title and description as the desk set them, if it did. */
export function pageMetaOverride(
  path: string,
  locale: 'en' | 'es',
): { title?: string; description?: string } {
  return publishedSettings()?.pageMeta[path]?.[locale] ?? {}
}

/** The brand colour in force. */
export function brandColour(): string {
  return publishedSettings()?.brandColour ?? defaultBrandColour
}

/** The owner as the team list holds them (photo, bio), if the settings name one. */
export function ownerMember(): TeamMember | undefined {
  return publishedSettings()?.team.find((member) => member.owner)
}

/** The team the about page lists: everyone but the owner, in order, hidden ones left out. */
export function visibleTeam(): TeamMember[] {
  return (publishedSettings()?.team ?? []).filter((member) => !member.owner && !member.hidden)
}

/** The uploaded logo and favicon in force, if any. */
export function siteLogo(): SiteImage | null {
  return publishedSettings()?.logo ?? null
}

export function siteFavicon(): SiteImage | null {
  return publishedSettings()?.favicon ?? null
}
