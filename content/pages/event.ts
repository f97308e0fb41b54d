import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const eventPage = {
  en: {
    meta: {
      title: 'Event Insurance',
      description:
        'Event insurance for weddings, quinceañeras, reunions, festivals and concerts in Georgia: liability and cancellation coverage for one day or a weekend.',
    },
    hero: {
      title: 'Event Insurance',
      tagline:
        'You plan every detail of the big day. Event insurance covers the details you cannot plan for, from a guest’s fall to a venue that closes its doors.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#event-quote' },
      illustration: 'party',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is event insurance?',
        paragraphs: [
          'Event insurance is short-term coverage bought for a single occasion, from a backyard birthday to a weekend festival. It comes in two main parts, and you can buy one or both.',
        ],
        list: [
          'Event liability pays when a guest is injured or the venue’s property is damaged during your event, including your legal defense.',
          'Event cancellation can reimburse the deposits and costs you cannot recover if severe weather, a vendor that fails to show up, or a serious illness forces you to cancel or postpone.',
        ],
        after: [
          'Host liquor liability can be added when alcohol is served, even if you are not selling it. It protects you when an intoxicated guest causes an accident.',
        ],
      },
      {
        kind: 'text',
        heading: 'Do You Need Event Insurance?',
        paragraphs: [
          'Many venues in Georgia now require hosts to show a certificate of liability insurance before they confirm a booking. Even when it is not required, event coverage is worth considering if:',
        ],
        list: [
          'You are hosting a wedding, quinceañera, anniversary party or family reunion with many guests.',
          'You have paid large deposits to a venue, caterer, photographer or band.',
          'Alcohol will be served at your event.',
          'You are organizing a public event such as a festival, fair, concert, fundraiser or sports tournament.',
          'The event takes place outdoors, where weather can change your plans.',
        ],
        after: [
          'Policies can often be bought up to the week of the event, but the sooner you ask, the more protection you get for deposits. Send us the date and venue and we will take it from there.',
        ],
      },
    ],
    form: {
      anchor: 'event-quote',
      heading: 'Request your event insurance quote',
      intro: 'Tell us the date of your event and where it will take place. We reply within one business day.',
    },
  },
} satisfies Localized<ContentPage>
