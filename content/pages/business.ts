import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const businessPage = {
  en: {
    meta: {
      title: 'Business Insurance in Georgia',
      description:
        'Business insurance for Georgia companies: general liability, commercial auto, property, workers comp and employee benefits. Request a free business quote.',
    },
    hero: {
      title: 'Building the Future. We Protect It.',
      tagline:
        'You put years into your business. We help you keep it standing after a lawsuit, a fire, a wrecked work truck or an injured employee.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#business-quote' },
      illustration: 'building',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is Business Insurance?',
        paragraphs: [
          'Business insurance is a group of policies that protect a company from the financial hit of accidents, lawsuits, property damage and employee injuries. Instead of paying those costs out of your operating account, you share the risk with an insurance company for a predictable premium.',
          'No two businesses need the same mix. A home-based bookkeeper, a landscaping crew and a restaurant with twenty employees face very different risks. We start by learning how you work, then compare carriers to build coverage that fits your trade, your contracts and your budget.',
        ],
      },
      {
        kind: 'cards',
        heading: 'Core Coverage Areas',
        intro: 'Most Georgia small businesses start with one or more of these three.',
        cards: [
          {
            title: 'General Liability',
            text: 'Pays for injuries to customers and damage to other people’s property caused by your work or your premises.',
            href: '/insurance/business/general-liability',
            icon: 'scale',
          },
          {
            title: 'Workers’ Compensation',
            text: 'Covers medical bills and lost wages when an employee is hurt on the job, as Georgia law requires for most employers.',
            href: '/insurance/business/workers-compensation',
            icon: 'hard-hat',
          },
          {
            title: 'Business Owner’s Policy (BOP)',
            text: 'Bundles liability, property and business income coverage into one policy, often for less than buying them apart.',
            href: '/insurance/business/bop',
            icon: 'store',
          },
        ],
      },
      {
        kind: 'accordion',
        heading: 'Types of business insurance',
        intro: 'Select a coverage to read what it does and who usually needs it.',
        firstOpen: true,
        items: [
          {
            title: 'General liability insurance',
            paragraphs: [
              'Protects your business when a customer, vendor or visitor claims you caused them bodily injury or property damage. It also responds to claims of advertising injury, such as accidentally using someone else’s slogan.',
              'It pays for your legal defense as well as settlements or judgments, up to the policy limits. Many landlords and clients ask to see proof of it before you sign a lease or a contract.',
            ],
          },
          {
            title: 'Commercial auto insurance',
            paragraphs: [
              'Covers cars, vans and trucks that are owned, leased or used by your business. A personal auto policy often excludes vehicles used mainly for work, hauling or making deliveries.',
              'Coverage can include liability, collision, comprehensive, medical payments and hired or non-owned auto protection for employees who drive their own cars on company errands.',
            ],
          },
          {
            title: 'Commercial property insurance',
            paragraphs: [
              'Repairs or replaces the building you own and the things inside it, such as equipment, furniture, tools and inventory, after fire, theft, wind, hail and other covered events.',
              'Business income coverage can be added to replace lost revenue and pay ongoing bills while you are closed for repairs.',
            ],
          },
          {
            title: 'Commercial umbrella insurance',
            paragraphs: [
              'Adds an extra layer of liability protection on top of your general liability, commercial auto and employer’s liability policies.',
              'When a serious claim uses up the limits of those policies, the umbrella picks up where they stop, so one large verdict does not put the company at risk.',
            ],
          },
          {
            title: 'Professional liability insurance',
            paragraphs: [
              'Also called errors and omissions (E&O) insurance. It protects businesses that give advice or professional services when a client says a mistake, an oversight or missed deadline cost them money.',
              'Consultants, real estate agents, accountants, designers, IT firms and health professionals often carry it, and some contracts require it.',
            ],
          },
          {
            title: 'Business owner’s package (BOP)',
            paragraphs: [
              'A package policy that combines general liability, commercial property and business income coverage for small and mid-sized businesses.',
              'Buying the three together is usually simpler and less expensive than separate policies. Offices, retail shops and many service businesses qualify.',
            ],
          },
          {
            title: 'Workers’ compensation insurance',
            paragraphs: [
              'Pays medical care, a portion of lost wages and rehabilitation for employees injured or made ill by their work, and death benefits for their families.',
              'In Georgia, employers with three or more employees, full or part time, must carry it. It also protects the employer, because injured workers generally cannot sue the business once benefits are provided.',
            ],
          },
          {
            title: 'Group health insurance',
            paragraphs: [
              'Medical coverage that a business offers to its employees and often their families, with the employer paying part of the premium.',
              'A good health plan helps small businesses attract and keep employees, and the employer’s share of premiums is generally tax deductible.',
            ],
          },
          {
            title: 'Group life insurance',
            paragraphs: [
              'Life insurance provided to employees through the workplace, usually as a flat amount or a multiple of salary.',
              'It is an affordable benefit for the employer and gives employees’ families a financial cushion, often without medical questions.',
            ],
          },
          {
            title: 'Group disability insurance',
            paragraphs: [
              'Replaces part of an employee’s paycheck when illness or an injury off the job keeps them from working.',
              'Short-term plans cover the first weeks or months; long-term plans can continue for years. Both help employees keep up with their bills while they recover.',
            ],
          },
          {
            title: 'Supplemental insurance',
            paragraphs: [
              'Voluntary plans, such as accident, critical illness, hospital indemnity, cancer, dental and vision, that employees can add to their main benefits.',
              'Employees usually pay for them through payroll deduction, so the business can offer more choice at little or no cost to itself.',
            ],
          },
        ],
      },
    ],
    form: {
      anchor: 'business-quote',
      heading: 'Request your business insurance quote',
      intro:
        'Tell us about your company, your team and the coverage you are interested in. We compare carriers and contact you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
