import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const workersCompensationPage = {
  en: {
    meta: {
      title: 'Workers’ Compensation Insurance',
      description:
        'Workers’ compensation for Georgia employers: medical care and lost wages for injured employees, and protection for your business. Request a free quote.',
    },
    hero: {
      title: 'Workers’ Compensation Insurance',
      tagline:
        'Take care of the people who take care of your business. When someone gets hurt on the job, the right policy covers them and protects you.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#workers-comp-quote' },
      illustration: 'hard-hat',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is workers’ compensation insurance?',
        paragraphs: [
          'Workers’ compensation is insurance that pays benefits to employees who are injured or become ill because of their job. It works on a no-fault basis: the employee receives benefits without having to prove the employer did anything wrong.',
          'In exchange, workers’ compensation is generally the employee’s only remedy against the employer, which protects your business from costly injury lawsuits.',
        ],
      },
      {
        kind: 'text',
        heading: 'What the policy pays for',
        paragraphs: [
          'A workers’ compensation policy has two parts. The first pays the benefits set by Georgia law:',
        ],
        list: [
          'Medical treatment, hospital stays, prescriptions and travel to appointments.',
          'Weekly income benefits for part of the wages an employee loses while unable to work.',
          'Rehabilitation to help the employee get back to work.',
          'Death benefits for the family if a work injury is fatal.',
        ],
        after: [
          'The second part, employer’s liability, defends the business against certain injury claims that fall outside the workers’ compensation system.',
        ],
      },
      {
        kind: 'text',
        heading: 'Does my Georgia business need it?',
        paragraphs: [
          'Georgia requires businesses with three or more employees, including part-time workers, to carry workers’ compensation. Corporate officers and LLC members may be able to exclude themselves, and smaller employers can choose to buy coverage to protect their team anyway.',
          'Your premium depends mostly on your payroll, the class codes that describe each kind of work, and your claims history. We help you classify your employees correctly so you do not overpay, and we can shop the policy again each year.',
        ],
      },
    ],
    form: {
      anchor: 'workers-comp-quote',
      heading: 'Request your workers’ compensation quote',
      intro:
        'Share your owners, payroll and current coverage. Sensitive details are sent only to our agency, and we contact you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
