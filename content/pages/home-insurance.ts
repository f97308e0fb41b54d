import type { ThirdPartyFrameCopy } from '../../app/components/third-party-frame.tsx'
import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

/** The home page has no form of its own: its quote section holds the live quoting frame. */
export const homeInsurancePage = {
  en: {
    meta: {
      title: 'Homeowners Insurance in Georgia',
      description:
        'Homeowners insurance for Georgia: dwelling, other structures, belongings, loss of use and personal liability explained, with a live online quote.',
    },
    hero: {
      title: 'Home Insurance',
      tagline:
        'Your home is likely the largest thing you will ever buy. Make sure a storm, a fire or a lawsuit cannot take it from you.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-home-quote' },
      illustration: 'home',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is home insurance?',
        paragraphs: [
          'Homeowners insurance protects the house you own and live in, the things inside it, and you against claims from people who are hurt on your property or by something you do. Georgia law does not require it, but almost every mortgage lender does, and for most families it is the only thing standing between a disaster and starting over from nothing.',
          'Most Georgia homeowners carry an HO-3 policy. It covers the house itself against any cause of loss that is not specifically excluded, and covers your belongings against a list of named perils such as fire, windstorm, hail, lightning, theft and burst pipes.',
          'A homeowners policy is organized into two sections. Section I protects your property; Section II protects you from liability. Open each part below to see how it works and how much coverage to consider.',
        ],
      },
      {
        kind: 'accordion',
        heading: 'How a homeowners policy is built',
        firstOpen: true,
        items: [
          {
            title: 'Section I, Coverage A: Dwelling',
            paragraphs: [
              'Pays to repair or rebuild the house and anything attached to it, such as an attached garage, a built-in deck, plumbing, wiring, heating and air conditioning, and built-in appliances.',
              'The limit should be based on what it would cost to rebuild the home today, not its market value or the price you paid. Most policies require you to insure the dwelling for at least 80% of its replacement cost. If you carry less, a coinsurance clause lets the company pay only part of a claim, even a small one. We use rebuilding cost estimators to help you set this number.',
            ],
          },
          {
            title: 'Section I, Coverage B: Other structures',
            paragraphs: [
              'Covers structures on your property that are not attached to the house: a detached garage, a workshop, a storage shed, a fence, a gazebo or a barn that is not used for business.',
              'The limit is usually a share of Coverage A, typically 10 to 20%. A house insured for $300,000 would then have $30,000 to $60,000 for other structures. If you have a large shop or barn, you may need more.',
            ],
          },
          {
            title: 'Section I, Coverage C: Personal property',
            paragraphs: [
              'Covers your belongings, such as furniture, clothing, electronics, appliances and tools, at home and, in most cases, anywhere in the world. The limit is commonly set at 50 to 70% of Coverage A.',
              'Ask for replacement cost coverage, which pays what it costs to buy new items, instead of actual cash value, which subtracts depreciation. Some property has low special limits, including a $200 limit on money, and limits on theft of jewelry, firearms and silverware. Valuable items can be scheduled separately for their full value.',
            ],
          },
          {
            title: 'Section I, Coverage D: Loss of use',
            paragraphs: [
              'If a covered loss makes your home unlivable, this coverage pays the additional living expenses above your normal costs, such as a hotel or rental, restaurant meals and extra mileage, while repairs are made. If you rent part of your home to someone else, it also replaces the rent you lose.',
            ],
          },
          {
            title: 'Section I: Additional coverages',
            paragraphs: [
              'A homeowners policy also includes smaller coverages that pay in specific situations, often in addition to your main limits:',
            ],
            list: [
              'Removing debris after a covered loss, including a tree that falls on your house.',
              'Reasonable temporary repairs to protect the home from further damage.',
              'Trees, shrubs and plants damaged by fire, lightning, theft or vandalism, up to a set amount per plant.',
              'Fire department service charges where your area bills for them.',
              'Unauthorized use of your credit cards, forged checks and counterfeit money.',
              'Your share of a loss assessment from a homeowners association.',
              'Building code upgrades required when damaged parts of an older home are rebuilt.',
            ],
          },
          {
            title: 'Section I: Exclusions and floods',
            paragraphs: [
              'Every policy lists losses it will not pay. Common exclusions are wear and tear, neglect, mold, termites and other pests, earthquakes and other earth movement, intentional damage, and water that backs up through sewers and drains (coverage for backup can usually be added for a small cost).',
              'The most important exclusion is flood. Water that rises from a river, a creek, a storm surge or heavy rain running across the ground is not covered by a standard homeowners policy. Flood insurance is a separate policy, usually with a 30-day waiting period before it starts, so it should be bought before the storm season, not when a storm is already in the forecast.',
            ],
          },
          {
            title: 'Section II, Coverage E: Personal liability',
            paragraphs: [
              'Protects you and your household if you are legally responsible for injuring someone or damaging their property, for example when a guest falls on your stairs, your dog bites a neighbor or your child breaks a window down the street. It pays for the damages and for your legal defense, at home and away.',
              'Policies often start at $100,000, and we usually recommend $300,000 or more. Section II also includes medical payments to others (Coverage F), which pays small medical bills for guests hurt on your property without anyone having to prove fault. For more protection, an umbrella policy can add $1 million or more on top.',
            ],
          },
        ],
      },
    ],
    form: {
      anchor: 'property-home-quote',
      heading: 'Get a live home insurance quote',
      intro:
        'Enter your address and a few details about your home in the quoting tool below to compare rates from several carriers. An agent reviews every quote and follows up to confirm coverage and discounts.',
    },
    frame: {
      title: 'Live home insurance quote form from our quoting partner',
      fallbackIntro: 'If the quote form above does not load or is hard to use on your screen,',
      fallbackLabel: 'select here',
      fallbackAfter: 'to open it on its own page.',
    },
  },
} satisfies Localized<ContentPage & { frame: ThirdPartyFrameCopy }>
