import type { ThirdPartyFrameCopy } from '../../app/components/third-party-frame.tsx'
import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

/** The auto page has no form of its own: its quote section holds the live quoting frame. */
export const autoPage = {
  en: {
    meta: {
      title: 'Auto Insurance in Georgia',
      description:
        'Car insurance for Georgia drivers: liability, collision, comprehensive and uninsured motorist coverage. Compare live auto quotes from several carriers.',
    },
    hero: {
      title: 'Auto Insurance',
      tagline:
        'Whether you drive Atlanta traffic every morning or country roads in Barrow County, get coverage that fits your car, your family and your budget.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-auto-quote' },
      illustration: 'car',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is Auto Insurance?',
        paragraphs: [
          'Auto insurance is a contract between you and an insurance company. You pay a premium, and in return the company pays for covered losses involving your car: injuries and damage you cause to others, repairs to your own vehicle, and medical bills for you and your passengers, up to the limits you choose.',
          'Georgia is an at-fault state, which means the driver who causes a crash is responsible for the damage. State law requires every registered vehicle to carry at least $25,000 of bodily injury liability per person, $50,000 per accident and $25,000 of property damage liability. Those minimums are a floor, not a recommendation: a serious accident can easily cost more, and anything above your limits can come out of your savings.',
          'A policy is built from separate coverages, and each one pays for a different kind of loss. Open each item below to see what it does.',
        ],
      },
      {
        kind: 'accordion',
        heading: 'Auto insurance coverages',
        firstOpen: true,
        items: [
          {
            title: 'Bodily injury liability',
            paragraphs: [
              'Pays for injuries you cause to other people in an accident: their medical care, lost wages and pain and suffering, and your legal defense if they sue. It covers you and the family members listed on your policy, and usually other people who drive your car with your permission.',
              'Limits are written as two numbers, such as 100/300: the most paid for one person and the most paid for one accident. Choosing limits well above the Georgia minimum is one of the least expensive ways to protect what you own.',
            ],
          },
          {
            title: 'Medical payments or personal injury protection',
            paragraphs: [
              'Medical payments coverage pays reasonable medical and funeral expenses for you and your passengers after an accident, no matter who caused it. It also follows you as a pedestrian or as a passenger in someone else’s car, and it helps with deductibles and copays your health plan leaves behind.',
              'Personal injury protection (PIP) is the broader version used in no-fault states; it can also replace lost income. Georgia does not require PIP, so most Georgia policies offer medical payments coverage in amounts such as $1,000 to $10,000.',
            ],
          },
          {
            title: 'Property damage liability',
            paragraphs: [
              'Pays for damage your car does to someone else’s property: the other vehicle, a fence, a mailbox, a storefront or a utility pole. With new cars and trucks often costing well over $40,000, the $25,000 state minimum can run out after a single collision.',
            ],
          },
          {
            title: 'Collision',
            paragraphs: [
              'Pays to repair your own car, or its actual cash value if it is totaled, after it hits another vehicle or an object, or rolls over, whoever is at fault. You pay the deductible you chose, for example $500 or $1,000.',
              'If your car is financed or leased, the lender will require collision coverage. On an older car worth only a few thousand dollars, dropping it can make sense; we can help you run the numbers.',
            ],
          },
          {
            title: 'Comprehensive',
            paragraphs: [
              'Covers damage to your car from causes other than a collision. In Georgia that often means hail, a tree limb falling in a storm, hitting a deer, flooding, fire, theft, vandalism and broken glass. Like collision, it pays after your deductible and is usually required by lenders.',
            ],
          },
          {
            title: 'Uninsured motorists coverage',
            paragraphs: [
              'Protects you and your passengers when the driver who caused the accident has no insurance, too little insurance, or drives away from the scene. It pays for your injuries and, depending on the policy, damage to your car.',
              'Georgia insurers must offer this coverage, and you can only turn it down in writing. Ask us about added-on coverage, which sits on top of the at-fault driver’s limits instead of being reduced by them.',
            ],
          },
        ],
      },
    ],
    form: {
      anchor: 'vehicle-auto-quote',
      heading: 'Get a live auto insurance quote',
      intro:
        'Enter your drivers and vehicles in the quoting tool below to compare rates from several carriers in a few minutes. One of our agents reviews your quote and contacts you to confirm the details and answer questions.',
    },
    frame: {
      title: 'Live auto insurance quote form from our quoting partner',
      fallbackIntro: 'If the quote form above does not load or is hard to use on your screen,',
      fallbackLabel: 'click here',
      fallbackAfter: 'to open it on its own page.',
    },
  },
} satisfies Localized<ContentPage & { frame: ThirdPartyFrameCopy }>
