import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const animalLiabilityPage = {
  en: {
    meta: {
      title: 'Animal Liability Insurance',
      description:
        'Animal liability insurance for Georgia dog owners, horse owners, farms and pet businesses: bites, injuries and property damage. Ask for a free quote today.',
    },
    hero: {
      title: 'Animal Liability Insurance',
      tagline:
        'You know your animals are family. If one of them ever hurts someone, the right coverage keeps a bad moment from becoming a financial one.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#animal-liability-quote' },
      illustration: 'dog',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is animal liability insurance?',
        paragraphs: [
          'Animal liability insurance pays when an animal you own or are responsible for injures a person or damages someone else’s property. It covers the injured person’s medical bills or repairs and pays for your legal defense if you are sued.',
          'Many homeowners and renters policies limit or exclude these claims, especially for certain dog breeds, dogs with a bite history, horses and livestock. A separate animal liability policy closes that gap.',
        ],
      },
      {
        kind: 'text',
        heading: 'Who it is for',
        paragraphs: ['We help Georgia families and businesses such as:'],
        list: [
          'Dog owners whose breed is excluded or surcharged by their home insurer.',
          'Horse owners who trail ride, show or let friends ride their horses.',
          'Small farms with cattle, goats or other livestock near roads and neighbors.',
          'Pet businesses: groomers, trainers, pet sitters, dog walkers and boarding kennels.',
        ],
        after: [
          'Limits, deductibles and exclusions differ from carrier to carrier. Tell us about your animals and how they are kept, and we will explain exactly what each option covers.',
        ],
      },
    ],
    form: {
      anchor: 'animal-liability-quote',
      heading: 'Request your animal liability quote',
      intro:
        'Let us know when you would like coverage to start and tell us about your animals in the notes. We reply within one business day.',
    },
  },
} satisfies Localized<ContentPage>
