import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const rentersPage = {
  en: {
    meta: {
      title: 'Renters Insurance in Georgia',
      description:
        'Renters insurance for Georgia apartments and rental homes: your belongings, personal liability and living costs if you have to move out after a loss.',
    },
    hero: {
      title: 'Renters Insurance',
      tagline:
        'Your landlord insures the building, not your things. For about the cost of a few coffees a month, protect everything you own.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-renters-quote' },
      illustration: 'key',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is renters insurance?',
        paragraphs: [
          'Renters insurance protects people who rent an apartment, house, townhome, duplex or mobile home. Your landlord’s policy covers the building and the landlord’s liability, but it does not pay for your furniture, clothes or electronics, and it does not protect you if you cause damage or someone is hurt in your home.',
          'A renters policy has three main parts. Personal property coverage pays to replace your belongings after fire, smoke, theft, vandalism, windstorm, lightning or water from a burst pipe, including things stolen from your car or while you travel. Liability coverage pays if you are responsible for injuring someone or damaging their property, for example if your bathtub overflows into the unit below. Loss of use coverage pays for a hotel and other extra costs if a covered loss forces you to move out while repairs are made.',
          'Many Georgia landlords and apartment communities now require renters insurance in the lease. A policy often costs less than a dollar a day, and you can usually save by placing it with the same carrier as your auto insurance.',
        ],
      },
      {
        kind: 'text',
        heading: 'How much renters insurance do I need?',
        paragraphs: [
          'Start with your belongings. Walk through each room and estimate what it would cost to replace everything at today’s prices: furniture, clothing, shoes, kitchenware, electronics, bedding, tools and sports gear. Most people are surprised to find the total is $20,000 or more, even in a small apartment. Photos or a short video of each room make this easier and help with a claim later.',
          'Then choose a liability limit. We suggest at least $100,000, and $300,000 or more if you have savings, a good income or a dog, since a single injury claim can easily exceed a smaller limit.',
        ],
        list: [
          'Ask for replacement cost coverage, which pays for new items, rather than actual cash value, which subtracts depreciation.',
          'Pick a deductible you could pay tomorrow without strain, such as $500 or $1,000. A higher deductible lowers the premium.',
          'Jewelry, watches, firearms and collectibles have lower limits for theft. Schedule expensive items separately for their full value.',
          'Roommates usually need their own policies unless the carrier lets you list each other by name.',
          'Renters policies do not cover floods. A separate flood policy can cover your contents.',
        ],
      },
    ],
    form: {
      anchor: 'property-renters-quote',
      heading: 'Request your renters insurance quote',
      intro:
        'Tell us about your rental and the coverage you want. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
