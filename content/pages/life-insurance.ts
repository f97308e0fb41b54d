import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const lifeInsurancePage = {
  en: {
    meta: {
      title: 'Life Insurance in Georgia',
      description:
        'Term, whole, universal and variable universal life insurance explained in plain language, with quotes from several carriers for Georgia families.',
    },
    hero: {
      title: 'Life Insurance',
      tagline:
        'If something happened to you, would your family keep the house, pay the bills and still send the kids to college? Life insurance makes sure they can.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#life-quote' },
      illustration: 'heart',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is life insurance?',
        paragraphs: [
          'Life insurance pays a sum of money, called the death benefit, to the people you name when you die. Your beneficiaries can use it for anything: replacing your paycheck, paying off the mortgage and other debts, covering childcare or tuition, or paying for a funeral. In most cases the benefit is not subject to income tax.',
          'A common starting point is coverage of ten to twelve times your yearly income, adjusted for your debts, your savings and how many years your family would need support. The younger and healthier you are when you apply, the less it costs.',
          'There are two broad families of life insurance. Term life covers you for a set number of years. Permanent life, which includes whole, universal and variable universal life, covers you for your whole life and builds cash value you can use while you are living.',
        ],
      },
      {
        kind: 'accordion',
        heading: 'Types of life insurance',
        firstOpen: true,
        items: [
          {
            title: 'Term life insurance',
            paragraphs: [
              'Term life covers you for a fixed period, commonly 10, 15, 20 or 30 years, with a premium that stays level for the whole term. If you die during the term, your beneficiaries receive the death benefit. If you outlive it, the coverage ends and nothing is paid.',
              'Term gives the most coverage for the lowest price, which makes it a good fit for young families and for debts with an end date, such as a mortgage. Many term policies can be converted to permanent coverage later without a new medical exam.',
            ],
          },
          {
            title: 'Whole life insurance',
            paragraphs: [
              'Whole life covers you for your entire life as long as premiums are paid. The premium is fixed and never goes up, the death benefit is guaranteed, and part of each payment builds a cash value that grows at a guaranteed rate on a tax-deferred basis.',
              'You can borrow against the cash value or surrender the policy for it. Some whole life policies also pay dividends, although these are not guaranteed. Whole life costs more than term for the same death benefit, in exchange for lifetime protection and predictable growth.',
            ],
          },
          {
            title: 'Universal life insurance',
            paragraphs: [
              'Universal life is permanent coverage with more flexibility. Within limits, you can change how much you pay and when, and you can raise or lower the death benefit as your needs change.',
              'Your cash value earns interest at a rate the insurer sets from current market conditions, and the policy guarantees a minimum credited interest rate, typically 2%, so the cash value keeps growing even when rates are low. Because the cost of insurance is taken from the cash value, paying too little for too long can cause the policy to lapse, so it should be reviewed every few years.',
            ],
          },
          {
            title: 'Variable universal life insurance',
            paragraphs: [
              'Variable universal life combines the flexible premiums and death benefit of universal life with investment choices. You direct the cash value into subaccounts that work much like mutual funds, such as stock, bond and money market options.',
              'That gives the cash value more room to grow, but it can also lose value when markets fall, and there is no guaranteed minimum return on the invested portion. These policies are securities, sold with a prospectus, and suit people who are comfortable with investment risk and want to manage it over the long term.',
            ],
          },
        ],
      },
    ],
    form: {
      anchor: 'life-quote',
      heading: 'Request your life insurance quote',
      intro:
        'Answer a few questions about the coverage you want and your health. Your answers stay private, and we compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
