/**
 * The shapes of the site's copy. Content modules are plain data (no JSX), written once per
 * language; the site's components render them.
 */

/** Icons by name; the site's icon component maps each name to an SVG from the icon set. */
export type IconName =
  | 'briefcase'
  | 'home'
  | 'car'
  | 'heart'
  | 'shield'
  | 'bike'
  | 'motorbike'
  | 'ship'
  | 'caravan'
  | 'tractor'
  | 'classic-car'
  | 'droplets'
  | 'building'
  | 'key'
  | 'umbrella'
  | 'flower'
  | 'hard-hat'
  | 'store'
  | 'dog'
  | 'party'
  | 'calendar'
  | 'phone'
  | 'file-text'
  | 'user-pen'
  | 'message'
  | 'users'
  | 'star'
  | 'gift'
  | 'laptop'
  | 'scale'
  | 'hand-coins'

export interface PageMeta {
  /** The <title>, without the agency's name (added by the layout). */
  title: string
  description: string
}

export interface LinkButton {
  label: string
  /** A site path ('/get-a-quote') or an anchor on the same page ('#vehicle-boat-quote'). */
  href: string
}

export interface Hero {
  title: string
  tagline: string
  button?: LinkButton
  illustration: IconName
}

export interface Card {
  title: string
  text: string
  href: string
  icon: IconName
}

export interface AccordionItem {
  title: string
  paragraphs: string[]
  list?: string[]
}

export type Block =
  | { kind: 'text'; id?: string; heading?: string; paragraphs: string[]; list?: string[]; after?: string[] }
  | {
      kind: 'accordion'
      id?: string
      heading?: string
      intro?: string
      items: AccordionItem[]
      firstOpen: boolean
    }
  | { kind: 'cards'; id?: string; heading?: string; intro?: string; cards: Card[] }
  | { kind: 'note'; text: string }

/** The words of the owner's block (home and about pages) beside the owner's photo or portrait. */
export interface OwnerCopy {
  /** The owner's title: the block's heading on the home page, the line under the name on the about page. */
  title: string
  /** The accessible name of the owner's illustrated portrait. */
  portraitLabel: string
  /** The alt text of the agency's own photo (content/photos/owner.*), when it supplied one. */
  photoLabel: string
  paragraphs: string[]
}

export interface FormSectionCopy {
  /** The section's id: the target of the hero button, a fixed anchor (docs/contracts.md, "Pages"). */
  anchor: string
  heading: string
  intro: string
}

/** A product or hub page: hero, explainers and cards, and (for products) its form section. */
export interface ContentPage {
  meta: PageMeta
  hero: Hero
  blocks: Block[]
  form?: FormSectionCopy
}

/** The words around an embedded third-party page, written per language in the page's content. */
export interface ThirdPartyFrameCopy {
  /** The frame's accessible name: what the embedded page is and who runs it. */
  title: string
  /** The fallback sentence before the link, e.g. 'If the quote form above does not load,'. */
  fallbackIntro: string
  /** The link text, e.g. 'click here'. */
  fallbackLabel: string
  /** Optional words after the link, e.g. 'to open it in a new tab.'. */
  fallbackAfter?: string
}

/** The words of the site's own quote request on the auto and home pages. */
export interface OwnQuoteFormCopy {
  /** The quote section's heading and intro when no rater is set up. */
  heading: string
  intro: string
  /** Under the rater's frame: the form offered as the alternative. */
  alternativeHeading: string
  alternativeIntro: string
}
