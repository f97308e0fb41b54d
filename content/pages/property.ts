import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const propertyPage = {
  en: {
    meta: {
      title: 'Property Insurance in Georgia',
      description:
        'Home, flood, renters and landlord insurance for Georgia households and property owners, with quotes compared across several carriers.',
    },
    hero: {
      title: 'Property Insurance',
      tagline:
        'Whether you own your home, rent an apartment or lease a house to tenants, protect the place and the things that matter most.',
      button: { label: 'Get your insurance quote', href: '/get-a-quote' },
      illustration: 'home',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is property insurance?',
        paragraphs: [
          'Property insurance pays to repair or replace a building and the belongings in it after a covered loss such as fire, wind, hail, a falling tree, theft or vandalism. Most property policies also include liability coverage, which protects you if someone is hurt at your place and holds you responsible.',
          'Georgia homes face spring tornadoes, summer thunderstorms, tall pines that come down in high wind, and tropical storms that can reach well inland from the coast. The right policy depends on whether you own, rent or rent out the property, and on where it sits, so we compare several carriers to find the best match.',
        ],
      },
      {
        kind: 'cards',
        heading: 'Core Coverage Areas',
        intro: 'Choose the type of property you want to protect.',
        cards: [
          {
            title: 'Home Insurance',
            text: 'Coverage for the house you own, your other structures, your belongings and your personal liability, with a live online quote.',
            href: '/insurance/property/home',
            icon: 'home',
          },
          {
            title: 'Flood Insurance',
            text: 'Standard home policies do not cover flooding. A flood policy protects your building and contents from rising water.',
            href: '/insurance/property/flood',
            icon: 'droplets',
          },
          {
            title: 'Renters Insurance',
            text: 'Affordable protection for your belongings, your liability and extra living costs when you rent a home or apartment.',
            href: '/insurance/property/renters',
            icon: 'key',
          },
          {
            title: 'Landlord Insurance',
            text: 'Coverage for houses and units you rent to others, including lost rent after a covered loss and liability to tenants and visitors.',
            href: '/insurance/property/landlord',
            icon: 'building',
          },
        ],
      },
    ],
  },
} satisfies Localized<ContentPage>
