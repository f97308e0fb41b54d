import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const landlordPage = {
  en: {
    meta: {
      title: 'Landlord Insurance in Georgia',
      description:
        'Landlord insurance for Georgia rental houses, duplexes and small buildings: the dwelling, lost rent after a covered loss and liability to tenants.',
    },
    hero: {
      title: 'Landlord Insurance',
      tagline:
        'Your rental property is an investment and a source of income. Protect the building, the rent it earns and you as its owner.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-landlord-quote' },
      illustration: 'building',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is landlord insurance?',
        paragraphs: [
          'Landlord insurance, often written as a dwelling fire policy, covers a house, condo, duplex or small building with up to four units that you rent to other people. A regular homeowners policy is written for the place you live in, so it usually will not pay once the property is rented out to tenants.',
          'The policy protects the building itself from fire, wind, hail, lightning and other covered causes, along with detached structures such as a garage or a fence. It can also cover property you own and keep there for the tenants, such as appliances, blinds, carpeting and lawn equipment.',
          'Two parts matter most to landlords. Fair rental value coverage replaces the rent you lose while a covered loss makes the property unlivable, so the mortgage still gets paid. Premises liability protects you if a tenant or a visitor is hurt because of a problem with the property, such as a broken step or a loose railing, and sues you.',
        ],
        list: [
          'Choose replacement cost coverage on the building rather than actual cash value where you can.',
          'Your policy does not cover your tenants’ belongings. Ask them to buy renters insurance, and consider requiring it in the lease.',
          'Most policies limit coverage when a property sits vacant for an extended time, often 60 days or more. Tell us before a long vacancy.',
          'Short-term rentals, such as vacation homes listed online, need coverage written for that use.',
        ],
      },
    ],
    form: {
      anchor: 'property-landlord-quote',
      heading: 'Request your landlord insurance quote',
      intro:
        'Tell us about your rental property and when you want coverage to start. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
