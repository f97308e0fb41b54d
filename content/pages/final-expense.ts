import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const finalExpensePage = {
  en: {
    meta: {
      title: 'Final Expense Insurance in Georgia',
      description:
        'Final expense insurance for older Georgians: a small whole life policy, usually with no medical exam, that pays for the funeral and last bills.',
    },
    hero: {
      title: 'Final Expense Insurance',
      tagline:
        'Spare the people you love from paying for your funeral. Lock in a small, permanent benefit that is there when they need it.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#final-expense-form' },
      illustration: 'flower',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is final expense insurance?',
        paragraphs: [
          'Final expense insurance, sometimes called burial insurance, is a small whole life policy designed to pay for the costs that come at the end of life. A traditional funeral with burial often costs $8,000 to $10,000 or more, and families frequently face medical bills, credit card balances and other debts at the same time.',
          'Most policies pay a benefit between $5,000 and $25,000. Applying is simple: there is usually no medical exam, just a few health questions, and many people are approved quickly. For those with serious health conditions, guaranteed acceptance policies are available, though they typically pay the full benefit only after the policy has been in force for two or three years.',
          'Because it is whole life insurance, the premium is fixed and never goes up, the coverage does not expire as long as premiums are paid, and the policy builds a small cash value. Final expense plans are written for older adults and can cover people up to age 100.',
        ],
        list: [
          'The benefit goes directly to your beneficiary, usually within days of a claim, not through probate.',
          'Your family may use the money for anything: a funeral, burial or cremation, a headstone, travel for relatives, or unpaid bills.',
          'Choosing a policy now also gives you the chance to share your wishes, so no one has to guess later.',
        ],
      },
    ],
    form: {
      anchor: 'final-expense-form',
      heading: 'Request your final expense quote',
      intro:
        'Tell us your date of birth and how to reach you. We compare carriers and get back to you within one business day, with no obligation.',
    },
  },
} satisfies Localized<ContentPage>
