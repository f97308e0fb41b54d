import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const rvPage = {
  en: {
    meta: {
      title: 'RV Insurance in Georgia',
      description:
        'RV insurance for motorhomes, travel trailers and fifth wheels in Georgia: liability, physical damage, belongings, campsite and full-timer coverage.',
    },
    hero: {
      title: 'RV Insurance',
      tagline:
        'Head for the campgrounds at Stone Mountain, Tallulah Gorge or the Okefenokee with coverage for your rig and everything packed inside.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-rv-quote' },
      illustration: 'caravan',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is RV insurance?',
        paragraphs: [
          'RV insurance covers recreational vehicles that combine travel and living space: motorhomes (Class A, B and C), camper vans, travel trailers, fifth wheels, pop-up campers and truck campers. It blends the road coverage of an auto policy with some of the protection of a homeowners policy.',
          'A motorhome you drive needs liability coverage in Georgia just like a car. A trailer you tow usually gets its liability from the policy on the tow vehicle, but that policy will not pay to repair the trailer itself or replace what is inside it, so most owners add physical damage and contents coverage.',
          'How you use the RV matters. Someone who camps a few weekends a year needs a different policy from a retired couple who lives in their coach full time, and a good agent will ask.',
        ],
      },
      {
        kind: 'accordion',
        heading: 'RV insurance coverages',
        intro: 'These are the coverages most RV owners choose from. Open each one to learn more.',
        firstOpen: false,
        items: [
          {
            title: 'Liability',
            paragraphs: [
              'Pays for injuries and property damage you cause to others while driving your motorhome, including your legal defense. Because RVs are large and heavy, we usually recommend limits well above the state minimum.',
            ],
          },
          {
            title: 'Collision',
            paragraphs: [
              'Pays to repair your RV after it hits another vehicle or an object, such as a low bridge, a gas station canopy or a tree at a tight campsite, minus your deductible.',
            ],
          },
          {
            title: 'Comprehensive',
            paragraphs: [
              'Covers damage that does not come from a collision: theft, fire, hail, wind, falling trees, flooding, vandalism and animals. It protects the RV on the road and while it sits in storage.',
            ],
          },
          {
            title: 'Uninsured and underinsured motorist',
            paragraphs: [
              'Pays for injuries to you and your passengers when the driver at fault has no insurance or too little to cover the harm.',
            ],
          },
          {
            title: 'Personal belongings',
            paragraphs: [
              'Covers the things you carry in the RV, such as clothing, cookware, electronics, bicycles and camping gear, against theft and damage. Your homeowners policy may cover only part of their value while they are away from home.',
            ],
          },
          {
            title: 'Vacation and campsite liability',
            paragraphs: [
              'Protects you when the RV is parked and set up as a temporary home, for example if a guest trips over your awning stake or is burned by your campfire. Full-timers can add broader full-timer coverage that works more like a homeowners policy.',
            ],
          },
          {
            title: 'Emergency expenses and roadside assistance',
            paragraphs: [
              'Pays for towing, tire changes, fuel delivery and lockout help, which for a large rig can cost far more than for a car. Emergency expense coverage helps with hotel rooms, meals and travel home if a covered loss leaves you stranded far from home.',
            ],
          },
        ],
      },
    ],
    form: {
      anchor: 'vehicle-rv-quote',
      heading: 'Request your RV insurance quote',
      intro:
        'Tell us about your RV, how often you travel and who drives. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
