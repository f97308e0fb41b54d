import type { Localized } from '../../app/site/i18n.ts'
import type { Hero, PageMeta } from '../types.ts'

/** The contact-carrier page: how to reach a carrier directly, then the carriers' own sites. */
export interface ContactCarrierCopy {
  meta: PageMeta
  hero: Hero
  intro: {
    heading: string
    paragraphs: string[]
    /** The sentence with the link to /contact, in three parts around the link. */
    contactUs: { before: string; link: string; after: string }
  }
  listHeading: string
  listIntro: string
}

export const contactCarrierPage = {
  en: {
    meta: {
      title: 'Contact Your Insurance Carrier',
      description:
        'Find the website of the company that holds your policy to pay a bill, print an ID card or report a claim, or let our agency contact the carrier for you.',
    },
    hero: {
      title: 'Contact Your Insurance Carrier',
      tagline: 'Pay a bill, report a claim or check a policy straight with the company that insures you.',
      illustration: 'phone',
    },
    intro: {
      heading: 'Reaching your carrier',
      paragraphs: [
        'Each insurance company runs its own website for payments, ID cards, claims and policy documents. Your carrier’s name is printed on your ID card and on the first page of your policy.',
        'For a claim after an accident, a storm or a break-in, report it to your carrier as soon as you safely can, then let us know so we can follow it for you.',
      ],
      contactUs: {
        before: 'Not sure which company insures you, or would you rather we make the call? ',
        link: 'Contact our office',
        after: ' and we will handle it for you.',
      },
    },
    listHeading: 'Our carriers’ websites',
    listIntro: 'Each link opens the carrier’s own site in a new tab.',
  },
} satisfies Localized<ContactCarrierCopy>
