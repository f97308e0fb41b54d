import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const othersPage = {
  en: {
    meta: {
      title: 'Specialty Insurance',
      description:
        'Specialty insurance for the risks standard policies leave out, from dog bites and horses to weddings and festivals. A Georgia independent agency can help.',
    },
    hero: {
      title: 'Beyond the Basics: What is Specialty Insurance?',
      tagline:
        'Some risks do not fit neatly into a home, auto or business policy. Specialty insurance is written for exactly those situations.',
      illustration: 'shield',
    },
    blocks: [
      {
        kind: 'text',
        paragraphs: [
          'Standard policies are built for the most common risks, so they often exclude or cap the unusual ones: a dog breed on an insurer’s restricted list, a horse boarded on your farm, or a one-day festival that expects five hundred guests.',
          'Specialty insurance fills those gaps with coverage designed for a single, specific exposure. Because we work with carriers that focus on these markets, we can often place a risk that another agent turned away.',
        ],
      },
      {
        kind: 'cards',
        heading: 'Specialty coverage we offer',
        cards: [
          {
            title: 'Animal Liability Insurance',
            text: 'Protection when a dog, horse or other animal you own or care for injures someone or damages their property.',
            href: '/insurance/others/animal-liability',
            icon: 'dog',
          },
          {
            title: 'Event Insurance',
            text: 'Liability and cancellation coverage for weddings, parties, festivals and other one-time or short events.',
            href: '/insurance/others/event',
            icon: 'party',
          },
        ],
      },
    ],
  },
} satisfies Localized<ContentPage>
