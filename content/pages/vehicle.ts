import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const vehiclePage = {
  en: {
    meta: {
      title: 'Vehicle Insurance in Georgia',
      description:
        'Insurance for everything you drive or ride in Georgia: cars, ATVs, boats, classic cars, motorcycles and RVs, compared across several carriers.',
    },
    hero: {
      title: 'Vehicle Insurance',
      tagline:
        'From the daily commute on I-85 to a weekend on the lake or the trail, one local agency can cover every vehicle your family owns.',
      button: { label: 'Get your insurance quote', href: '/get-a-quote' },
      illustration: 'car',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is Vehicles Insurance?',
        paragraphs: [
          'Vehicle insurance is the family of policies that protect the things you drive, ride or tow. Each policy does two jobs: it pays for the harm you may cause to other people and their property, and it can pay to repair or replace your own vehicle after a crash, a storm, a fire or a theft.',
          'Georgia requires liability insurance on every car and motorcycle registered in the state. Boats, ATVs and campers are not always required to carry coverage, but a single accident with any of them can cost far more than the policy would. Lenders also ask for physical damage coverage on anything they finance.',
          'Because we are an independent agency, we are not tied to one company. We compare several carriers, explain what each quote includes, and can often place more than one vehicle with the same carrier for a multi-policy discount.',
        ],
      },
      {
        kind: 'cards',
        heading: 'Core Coverage Areas',
        intro: 'Choose a vehicle to see what its policy covers and to request a quote.',
        cards: [
          {
            title: 'Auto Insurance',
            text: 'Liability, collision, comprehensive and uninsured motorist coverage for the cars, trucks and vans your household drives every day.',
            href: '/insurance/vehicle/auto',
            icon: 'car',
          },
          {
            title: 'ATV Insurance',
            text: 'Protection for four-wheelers, side-by-sides and other off-road machines, on the farm, in the woods or at the trail park.',
            href: '/insurance/vehicle/atv',
            icon: 'tractor',
          },
          {
            title: 'Boat Insurance',
            text: 'Coverage for fishing boats, pontoons, sailboats and personal watercraft, including liability on the water and your trailer.',
            href: '/insurance/vehicle/boat',
            icon: 'ship',
          },
          {
            title: 'Classic Car Insurance',
            text: 'Agreed-value coverage for antique, vintage and collectible cars that are driven to shows and on weekends, not to work.',
            href: '/insurance/vehicle/classic-car',
            icon: 'classic-car',
          },
          {
            title: 'Motorcycle Insurance',
            text: 'Liability and physical damage coverage for street bikes, cruisers, touring bikes and scooters, plus your custom parts and gear.',
            href: '/insurance/vehicle/motorcycle',
            icon: 'motorbike',
          },
          {
            title: 'RV Insurance',
            text: 'Coverage for motorhomes, travel trailers and fifth wheels, whether you camp a few weekends a year or live on the road.',
            href: '/insurance/vehicle/rv',
            icon: 'caravan',
          },
        ],
      },
    ],
  },
} satisfies Localized<ContentPage>
