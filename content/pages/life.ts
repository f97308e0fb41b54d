import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const lifePage = {
  en: {
    meta: {
      title: 'Life and Financial Protection Insurance',
      description:
        'Life insurance, final expense coverage and umbrella liability policies for Georgia families who want to protect their income, savings and loved ones.',
    },
    hero: {
      title: 'Life and Financial Insurance',
      tagline: 'Plan today so the people you love are not left with bills, debts or hard choices tomorrow.',
      button: { label: 'Get your insurance quote', href: '/get-a-quote' },
      illustration: 'heart',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Protecting your family’s financial future',
        paragraphs: [
          'Some insurance protects things; this kind protects people and money. Life insurance replaces your income or pays off a mortgage if you die too soon. Final expense coverage spares your family the cost of a funeral. An umbrella policy keeps one large lawsuit from wiping out the savings you have built.',
          'We work with several life and casualty carriers, explain the options in plain language and help you choose an amount that fits your family and your budget. There is never a charge for a quote.',
        ],
      },
      {
        kind: 'cards',
        heading: 'Core Coverage Areas',
        intro: 'Choose a type of coverage to learn more and request a quote.',
        cards: [
          {
            title: 'Life Insurance',
            text: 'Term, whole, universal and variable universal life insurance to replace your income and provide for the people who depend on you.',
            href: '/insurance/life/life-insurance',
            icon: 'heart',
          },
          {
            title: 'Final Expense Insurance',
            text: 'A small permanent policy, usually with no medical exam, that pays for a funeral, burial or cremation and the last bills.',
            href: '/insurance/life/final-expense',
            icon: 'flower',
          },
          {
            title: 'Umbrella Insurance',
            text: 'An extra million dollars or more of liability protection above your auto, home and boat policies, for a modest yearly price.',
            href: '/insurance/life/umbrella',
            icon: 'umbrella',
          },
        ],
      },
    ],
  },
} satisfies Localized<ContentPage>
