import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const servicesPage = {
  en: {
    meta: {
      title: 'Online Service Center',
      description:
        'Book a free consultation, reach your insurance carrier, update your policy details or ask for proof of insurance online, any time of the day or night.',
    },
    hero: {
      title: 'How can we help you today?',
      tagline:
        'Already a client, or thinking about becoming one? Choose a service below and send us your request whenever it suits you.',
      illustration: 'message',
    },
    blocks: [
      {
        kind: 'cards',
        heading: 'Choose a service',
        cards: [
          {
            title: 'Free Consultation',
            text: 'Sit down with us in person or by phone to review the coverage you have and the coverage you need.',
            href: '/services/free-consultation',
            icon: 'calendar',
          },
          {
            title: 'Contact Your Carrier',
            text: 'Find the website of the insurance company that holds your policy to pay a bill or report a claim.',
            href: '/services/contact-carrier',
            icon: 'phone',
          },
          {
            title: 'Update Your Information',
            text: 'Tell us about a new address, phone number, vehicle, driver or any other change to your policy.',
            href: '/services/update-info',
            icon: 'user-pen',
          },
          {
            title: 'Proof of Insurance',
            text: 'Ask for an ID card, a certificate of insurance or your declaration pages, sent the way you prefer.',
            href: '/services/proof-insurance',
            icon: 'file-text',
          },
        ],
      },
      {
        kind: 'note',
        text: 'Please note: requests sent through this website are not legally binding until our agency or your insurance carrier confirms them. Coverage is never added, changed or cancelled until you hear back from us.',
      },
    ],
  },
} satisfies Localized<ContentPage>
