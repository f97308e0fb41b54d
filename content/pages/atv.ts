import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const atvPage = {
  en: {
    meta: {
      title: 'ATV Insurance in Georgia',
      description:
        'ATV and side-by-side insurance in Georgia: liability, collision, theft and medical payments for off-road riding on your land or the trail.',
    },
    hero: {
      title: 'ATV Insurance',
      tagline:
        'Ride the back forty, the hunting lease or the trails in the North Georgia mountains knowing your machine and your wallet are protected.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-atv-quote' },
      illustration: 'tractor',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is All Terrain Vehicle Insurance?',
        paragraphs: [
          'All terrain vehicle insurance is a policy written for four-wheelers, quads, side-by-sides and utility vehicles. It protects you when your ATV hurts someone or damages their property, and it can pay to repair or replace the machine after a crash, a fire or a theft.',
          'Many Georgia families assume their homeowners policy already covers the ATV. Usually it covers very little, and often only while the vehicle stays on your own property. Once you ride on a friend’s farm, a hunting club or a trail park, or let a neighbor’s teenager take a turn, a separate ATV policy is what responds.',
          'A typical ATV policy can include bodily injury and property damage liability, collision, comprehensive for theft, fire, vandalism and storm damage, medical payments for riders, uninsured motorist protection, and coverage for accessories such as winches, racks, plows and riding gear.',
        ],
        after: [
          'Despite the name, an ATV policy is not only for ATVs. Depending on the carrier, the same kind of policy may also cover snowmobiles, Segways, golf carts, tracked ATVs, amphibious vehicles, go carts and certain motorcycles. Tell us what you ride and we will find the right fit.',
        ],
      },
    ],
    form: {
      anchor: 'vehicle-atv-quote',
      heading: 'Request your ATV insurance quote',
      intro:
        'Tell us about your ATV, who rides it and the coverage you want. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
