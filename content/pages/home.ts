import type { Localized } from '../../app/site/i18n.ts'
import { agency } from '../../config/agency.ts'
import { insuranceCategories } from '../insurance-categories.ts'
import type { Card, FormSectionCopy, LinkButton, PageMeta } from '../types.ts'

const { city, regionName } = agency.address

/** The home page: a hero with the phone, the categories, the owner, the contact form and the carriers. */
export interface HomeCopy {
  meta: PageMeta
  hero: {
    tagline: string
    /** Read before the number by screen readers, so the link says what it does. */
    phoneLabel: string
    button: LinkButton
  }
  services: { heading: string; intro: string; cards: Card[] }
  about: {
    /** The owner's title, shown as the block's heading. */
    title: string
    /** The accessible name of the owner's illustrated portrait. */
    portraitLabel: string
    paragraphs: string[]
    button: LinkButton
  }
  contact: FormSectionCopy
  carriers: { heading: string; intro: string; more: LinkButton }
}

export const homePage = {
  en: {
    meta: {
      title: 'Independent Insurance Agency in Georgia',
      description: `Free quotes on auto, home, business and life insurance from many carriers. A bilingual independent agency in ${city}, ${regionName}, serving the whole state.`,
    },
    hero: {
      tagline:
        'One local agent, many insurance companies. We compare the options for you and explain them in plain English or Spanish, so you only pay for what your family or business really needs.',
      phoneLabel: 'Call us',
      button: { label: 'Get Your Free Quote Today', href: '/get-a-quote' },
    },
    services: {
      heading: 'Our Insurance Services',
      intro:
        'From your first car to your growing company, we cover the people and things you have worked hard for.',
      cards: insuranceCategories.en,
    },
    about: {
      title: agency.owner.title,
      portraitLabel: `Illustrated portrait of ${agency.owner.name}, owner of ${agency.name}`,
      paragraphs: [
        `${agency.owner.name} opened ${agency.name} in ${city} in ${agency.foundedYear} with a simple idea: neighbors deserve an agent who answers the phone, knows their name and takes the time to explain a policy line by line.`,
        'As an independent agent she is not tied to a single insurance company. She shops your coverage with several carriers, in English or in Spanish, and stays with you when you need to make a change or file a claim.',
      ],
      button: { label: 'Learn more about us', href: '/about' },
    },
    contact: {
      anchor: 'contact-form',
      heading: 'Send us a message',
      intro:
        'Have a question about a policy, a bill or a new quote? Write to us and someone from our office will reply within one business day.',
    },
    carriers: {
      heading: 'Some of the carriers we represent',
      intro: 'Working with many companies lets us find the right fit for your budget and your coverage.',
      more: { label: '... and more', href: '/insurance-carriers' },
    },
  },
} satisfies Localized<HomeCopy>
