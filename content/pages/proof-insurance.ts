import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const proofInsurancePage = {
  en: {
    meta: {
      title: 'Request Proof of Insurance',
      description:
        'Need an insurance ID card, a certificate of insurance or your declaration pages? Ask online and choose e-mail, mail, fax or pickup at our Georgia office.',
    },
    hero: {
      title: 'Request Proof of Insurance',
      tagline:
        'For the car dealer, the landlord, the lender or the new client who asked for it: tell us what document you need and where to send it.',
      button: { label: 'Request a document', href: '#proof-form' },
      illustration: 'file-text',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Documents we can send',
        paragraphs: ['Choose the one you need in the form:'],
        list: [
          'Auto insurance ID cards.',
          'Certificates of insurance for landlords, clients and general contractors.',
          'Declaration pages that list your coverages, limits and deductibles.',
        ],
      },
    ],
    form: {
      anchor: 'proof-form',
      heading: 'Request your proof of insurance',
      intro:
        'Include your carrier and policy number if you have them handy. Most requests are ready the same business day.',
    },
  },
} satisfies Localized<ContentPage>
