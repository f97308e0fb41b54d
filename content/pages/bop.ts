import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const bopPage = {
  en: {
    meta: {
      title: 'Business Owner’s Policy (BOP)',
      description:
        'A business owner’s policy bundles liability, property and business income coverage for Georgia small businesses in one affordable package. Get a free quote.',
    },
    hero: {
      title: 'Business Owner’s Policy (BOP)',
      tagline:
        'Liability, property and lost-income protection in one package, priced for the small businesses that keep Georgia towns running.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#bop-quote' },
      illustration: 'store',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is a business owner’s policy?',
        paragraphs: [
          'A business owner’s policy, or BOP, packages the three coverages most small businesses need into a single policy with one premium and one renewal date. Because the insurer writes them together, a BOP usually costs less than buying each coverage on its own.',
        ],
      },
      {
        kind: 'text',
        heading: 'What a BOP includes',
        paragraphs: ['Every BOP is built on three parts:'],
        list: [
          'General liability: injuries and property damage you cause to others, plus your legal defense.',
          'Commercial property: your building if you own it, and your equipment, furniture, inventory and supplies.',
          'Business income: the revenue you lose and the bills you still owe, such as rent and payroll, while a covered loss keeps you closed.',
        ],
        after: [
          'Many carriers let you add options such as equipment breakdown, spoilage of refrigerated goods, data breach coverage, employee dishonesty and hired or non-owned auto liability.',
        ],
      },
      {
        kind: 'text',
        heading: 'Is my business a good fit?',
        paragraphs: [
          'BOPs are designed for small to mid-sized businesses with lower-risk operations: offices, retail shops, restaurants and cafés, salons, small contractors and many service providers. Larger businesses or those with specialized risks may need separate policies instead. Tell us about your business and we will tell you honestly which route saves you more.',
          'A BOP does not replace workers’ compensation, commercial auto or professional liability, so ask us about those at the same time.',
        ],
      },
    ],
    form: {
      anchor: 'bop-quote',
      heading: 'Request your BOP quote',
      intro:
        'Describe your business and when you would like coverage to start. We compare carriers and come back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
