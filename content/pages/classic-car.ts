import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const classicCarPage = {
  en: {
    meta: {
      title: 'Classic Car Insurance in Georgia',
      description:
        'Agreed-value insurance for antique, vintage, muscle and collector cars in Georgia, with pricing for low-mileage vehicles kept in a garage.',
    },
    hero: {
      title: 'Classic Car Insurance',
      tagline:
        'You have put years of care into your car. Insure it for what it is really worth, not what a book says an old car should be worth.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-classic-car-quote' },
      illustration: 'classic-car',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is classic car insurance?',
        paragraphs: [
          'Classic car insurance is a specialty auto policy for vehicles that are collected, restored and shown rather than driven every day. It carries the same liability protection a regular auto policy does, so you meet Georgia’s requirements on the road, but it handles damage to the car itself very differently.',
          'A standard auto policy pays the actual cash value of a totaled car, which for a 50-year-old vehicle can be a small fraction of its real market price. A classic policy is usually written on an agreed value: you and the carrier settle on the car’s worth when the policy starts, and that is the amount paid after a covered total loss, with no depreciation.',
          'Because collector cars are driven less and cared for more, classic policies often cost less than insuring the same car as a daily driver. Carriers usually ask that the car be stored in a locked garage, driven on limited mileage, and that you have another vehicle for everyday use. Many also include spare parts coverage, roadside towing to a shop of your choice, and protection on the way to and at car shows.',
        ],
      },
      {
        kind: 'text',
        heading: 'Vehicles that typically qualify',
        paragraphs: [
          'Each carrier sets its own rules on age, condition and use, but these vehicles are commonly accepted:',
        ],
        list: [
          'Antique cars, generally 25 years old or older and kept close to original condition.',
          'Classic cars from the 1950s, 1960s and 1970s, fully restored or well preserved.',
          'American muscle cars and pony cars.',
          'Hot rods, street rods and restomods built with modern parts.',
          'Vintage pickup trucks and classic SUVs.',
          'Kit cars and high-quality replicas of historic models.',
          'Former military vehicles kept for display and parades.',
          'Modern collectible, limited-production and exotic cars that are not driven daily.',
        ],
        after: [
          'Not sure your car qualifies? Send us the details below. If a classic policy is not the right fit, we can still help you insure it another way.',
        ],
      },
    ],
    form: {
      anchor: 'vehicle-classic-car-quote',
      heading: 'Request your classic car insurance quote',
      intro:
        'Tell us about your car, how you use it and who drives it. We compare specialty carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
