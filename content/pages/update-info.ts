import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const updateInfoPage = {
  en: {
    meta: {
      title: 'Update Your Policy Information',
      description:
        'Moved, bought a car or added a driver? Send us your new details online and we will update your insurance policy with your carrier and confirm the change.',
    },
    hero: {
      title: 'Update Your Information',
      tagline:
        'Life changes, and your policy should keep up. Let us know what is new and we will take care of the paperwork with your carrier.',
      button: { label: 'Send an update', href: '#update-info-form' },
      illustration: 'user-pen',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Changes we can help with',
        paragraphs: ['Common updates include:'],
        list: [
          'A new home or mailing address, phone number or e-mail.',
          'Adding or removing a vehicle or a driver.',
          'A new lienholder or mortgage company.',
          'A marriage, a name change or a new teen driver in the house.',
        ],
        after: ['Your change takes effect only after we or your carrier confirm it with you.'],
      },
    ],
    form: {
      anchor: 'update-info-form',
      heading: 'Send us your new information',
      intro:
        'Tell us who you are and describe the change in the message box. We confirm every update with you.',
    },
  },
} satisfies Localized<ContentPage>
