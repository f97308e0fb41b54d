import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

/** The general quote request: the spec's banner over a short content page and the quote form. */
export const getAQuotePage = {
  en: {
    meta: {
      title: 'Get a Free Insurance Quote',
      description:
        'Request a free, no-obligation insurance quote for your car, home, business or family. We compare several carriers and call you back within one business day.',
    },
    banner: 'Insurance Quotes',
    hero: {
      title: 'Get a Free Insurance Quote',
      tagline:
        'Tell us what you would like to insure and how to reach you. There is no cost and no obligation: we do the shopping, you make the choice.',
      button: { label: 'Start my quote', href: '#quote-form' },
      illustration: 'hand-coins',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'How it works',
        paragraphs: ['Getting a quote from us takes a few minutes of your time and none of your money.'],
        list: [
          'You send the form below with the kind of insurance you need.',
          'We compare prices and coverage from the carriers we represent.',
          'We call or e-mail you with your options and answer every question before you decide.',
        ],
      },
    ],
    form: {
      anchor: 'quote-form',
      heading: 'Request your quote',
      intro:
        'Choose the type of insurance and leave your contact details. A start date and a note help us, but they are optional.',
    },
  },
} satisfies Localized<ContentPage & { banner: string }>
