import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const umbrellaPage = {
  en: {
    meta: {
      title: 'Umbrella Insurance in Georgia',
      description:
        'Personal umbrella insurance adds $1 million or more of liability coverage above your auto, home and boat policies to protect Georgia families from lawsuits.',
    },
    hero: {
      title: 'Umbrella Insurance',
      tagline:
        'One serious accident or lawsuit can cost more than your auto and home policies will pay. An umbrella policy protects what you have worked for.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#umbrella-quote' },
      illustration: 'umbrella',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is umbrella insurance?',
        paragraphs: [
          'A personal umbrella policy is extra liability insurance. It sits on top of the liability coverage in your auto, homeowners, renters and boat policies and pays after those limits run out. It usually comes in amounts of $1 million, $2 million and up, and the first million often costs only a few hundred dollars a year.',
          'Medical bills and jury awards have grown much faster than the liability limits most people carry. If a court judgment is larger than your insurance, the difference can be collected from your savings, your home equity and even your future wages. An umbrella policy also pays for your legal defense and covers some claims your other policies do not, such as being accused of slander.',
          'Carriers usually require you to keep certain minimum liability limits on your underlying auto and home policies. We can review those policies with you and, when it makes sense, place the umbrella with the same carrier.',
        ],
      },
      {
        kind: 'text',
        heading: 'Common situations an umbrella policy protects',
        paragraphs: ['An umbrella policy can step in for claims like these:'],
        list: [
          'An auto accident you cause that seriously injures several people in another car.',
          'A slip and fall by a guest on icy steps, a wet floor or a loose board on your deck.',
          'A boating accident on the lake that injures a swimmer or damages another boat.',
          'An injury at your backyard swimming pool, including to children who come over to swim.',
          'Your dog biting a neighbor, a visitor or a delivery driver.',
          'A claim that you damaged someone’s reputation through slander or libel, including something posted online.',
          'A court judgment that exceeds the liability limits of your auto or home policy.',
        ],
        after: [
          'Families with teenage drivers, rental property, a pool or a boat, or simply a home and retirement savings to protect, are the people who benefit most from umbrella coverage.',
        ],
      },
    ],
    form: {
      anchor: 'umbrella-quote',
      heading: 'Request your umbrella insurance quote',
      intro:
        'Tell us about your vehicles, properties and driving record and the amount of coverage you want. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
