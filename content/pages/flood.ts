import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const floodPage = {
  en: {
    meta: {
      title: 'Flood Insurance in Georgia',
      description:
        'Flood insurance for Georgia homes and buildings: what counts as a flood, what building and contents coverage pays, and why homeowners policies exclude it.',
    },
    hero: {
      title: 'Flood Insurance',
      tagline:
        'From the Savannah and Brunswick coast to creeks and low streets inland, floods happen across Georgia. Your homeowners policy will not pay for them.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-flood-quote' },
      illustration: 'droplets',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is flood insurance?',
        paragraphs: [
          'Flood insurance is a separate policy that pays for damage caused by rising water. Standard homeowners, renters and business policies exclude flooding, so without this coverage most families would pay for flood repairs themselves or through loans.',
          'Most flood policies are written through the National Flood Insurance Program, which is run by FEMA and sold by local agents like us. Private flood insurers also offer policies that can provide higher limits or extra coverages. We can compare both.',
          'A flood policy has two parts. Building coverage pays to repair the structure and its systems, such as the foundation, walls, electrical and plumbing, water heater, furnace and built-in appliances. Contents coverage pays for your belongings, such as furniture, clothing and electronics. Homeowners can buy both; renters can buy contents coverage on its own.',
        ],
      },
      {
        kind: 'text',
        heading: 'More about flood insurance',
        paragraphs: [
          'Flood risk is much wider than most people think. Only about 20% of American homes at risk of flooding carry flood insurance, and a large share of flood claims come from homes outside the high-risk zones on flood maps. Heavy thunderstorms, tropical systems and clogged drainage can send water into neighborhoods that have never flooded before, as many metro Atlanta families learned in the floods of September 2009.',
          'For insurance purposes, water damage counts as a flood only in certain conditions. A flood is a general and temporary condition in which normally dry land is partly or completely under water, covering two or more acres of that land or two or more properties, at least one of them yours. The water can come from an overflowing river, lake or tidal water, from unusually fast runoff of rainwater, or from a mudflow.',
          'That definition is why a burst pipe is a homeowners claim while water pouring in from a flooded street is a flood claim. It also explains why your neighbors’ situation matters: if the water reaches only your property and no one else’s, the loss may be treated differently.',
        ],
        list: [
          'A new flood policy usually has a 30-day waiting period before coverage starts, with some exceptions such as buying a home with a new mortgage.',
          'If your home is in a high-risk flood zone and has a federally backed mortgage, your lender must require flood insurance.',
          'Federal program limits reach $250,000 for a home’s building and $100,000 for its contents; higher amounts are available through excess or private flood policies.',
          'Flood coverage for basements is limited, so belongings stored there may not be covered.',
        ],
      },
    ],
    form: {
      anchor: 'property-flood-quote',
      heading: 'Request your flood insurance quote',
      intro:
        'Tell us about the building and the coverage amounts you want. We check your flood zone, compare federal and private options and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
