import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const generalLiabilityPage = {
  en: {
    meta: {
      title: 'General Liability Insurance',
      description:
        'General liability insurance for Georgia contractors, shops and home-based businesses: injuries, property damage and legal defense. Request a free quote.',
    },
    hero: {
      title: 'General Liability Insurance',
      tagline:
        'One slip in your store or one damaged ceiling at a job site can turn into a lawsuit. Liability coverage keeps that bill away from your business account.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#general-liability-quote' },
      illustration: 'scale',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is general liability insurance?',
        paragraphs: [
          'General liability, sometimes called commercial general liability or CGL, is the foundation of most business insurance programs. It responds when someone outside your company says your business, your employees or your work hurt them or damaged their property.',
          'The policy pays for an attorney to defend you, even when the claim has no merit, and pays settlements or court awards up to its limits.',
        ],
      },
      {
        kind: 'text',
        heading: 'What it usually covers',
        paragraphs: ['A standard general liability policy includes:'],
        list: [
          'Bodily injury to customers, delivery drivers and other visitors at your premises.',
          'Damage you cause to a client’s home, building or belongings while you work.',
          'Injuries or damage caused by a product you made, sold or installed, and by work you have completed.',
          'Personal and advertising injury, such as libel, slander or copying another company’s ad.',
          'Medical payments for minor injuries, paid regardless of fault, which often keep a small accident from becoming a lawsuit.',
        ],
        after: [
          'It does not cover your own property, injuries to your employees, vehicles, or professional mistakes. Those belong on commercial property, workers’ compensation, commercial auto and professional liability policies, and we can quote them together.',
        ],
      },
      {
        kind: 'text',
        heading: 'Who needs it?',
        paragraphs: [
          'Almost every business that meets the public, works on someone else’s property or sells a product. Contractors, landscapers, cleaning services, retail stores, restaurants, salons and home-based businesses are common examples. Landlords, general contractors and government agencies often ask for a certificate of insurance before you can start work.',
        ],
      },
    ],
    form: {
      anchor: 'general-liability-quote',
      heading: 'Request your general liability quote',
      intro:
        'A few details about your operations, payroll and claims history let us compare carriers for you. We reply within one business day.',
    },
  },
} satisfies Localized<ContentPage>
