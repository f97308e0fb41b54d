import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const boatPage = {
  en: {
    meta: {
      title: 'Boat Insurance in Georgia',
      description:
        'Boat insurance for Georgia lakes and the coast: hull damage, liability, theft and trailer coverage. Ask for a free boat quote.',
    },
    hero: {
      title: 'Boat Insurance',
      tagline: 'Spend your weekends on Lake Lanier or the coast, not worrying about what could go wrong on the water.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-boat-quote' },
      illustration: 'ship',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is boat insurance?',
        paragraphs: [
          'Boat insurance is a policy written for watercraft. It pays to repair or replace your boat after a covered loss, and it protects you when someone else is hurt or their property is damaged because of how your boat was used.',
          'A homeowners policy usually stops at small boats and low dollar amounts, and it rarely covers liability on the water. A boat policy fills that gap for motorboats, sailboats, pontoons, jet skis and fishing boats alike.',
        ],
      },
      {
        kind: 'text',
        heading: 'What a boat policy can cover',
        paragraphs: ['Every boat and owner is different, so we build the policy around how you use the water. Common parts are:'],
        list: [
          'Physical damage to the hull, motor and equipment from collisions, storms, fire and sinking.',
          'Theft of the boat, its motor or permanently attached gear.',
          'Liability when your boat injures someone or damages a dock or another vessel.',
          'Medical payments for you and your passengers.',
          'Uninsured boaters, when the other operator has no coverage.',
          'Your trailer, fishing equipment and personal items on board.',
          'Towing and on-water assistance if you break down.',
        ],
      },
    ],
    form: {
      anchor: 'vehicle-boat-quote',
      heading: 'Request your boat insurance quote',
      intro: 'Tell us about your boat and who drives it. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
