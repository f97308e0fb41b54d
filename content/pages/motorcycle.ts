import type { Localized } from '../../app/site/i18n.ts'
import type { ContentPage } from '../types.ts'

export const motorcyclePage = {
  en: {
    meta: {
      title: 'Motorcycle Insurance in Georgia',
      description:
        'Motorcycle insurance for Georgia riders: liability, collision, comprehensive, uninsured motorist, custom parts and roadside help. Free quotes.',
    },
    hero: {
      title: 'Motorcycle Insurance',
      tagline:
        'From a Sunday ride through the mountain curves near Dahlonega to the daily commute, ride with coverage built for two wheels.',
      button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-motorcycle-quote' },
      illustration: 'motorbike',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What is motorcycle insurance?',
        paragraphs: [
          'Motorcycle insurance protects you, your bike and other people on the road. Georgia requires motorcycles to carry the same minimum liability as cars: $25,000 of bodily injury coverage per person, $50,000 per accident and $25,000 of property damage. Your lender will also require physical damage coverage on a financed bike.',
          'Riders face risks that drivers do not. Injuries in a motorcycle crash tend to be more serious, passengers ride closer to harm, and aftermarket parts can be worth thousands of dollars. A good policy is built around how, where and how often you ride, and many carriers let you lower the premium during the months your bike stays in the garage.',
        ],
      },
      {
        kind: 'accordion',
        heading: 'Motorcycle insurance coverages',
        intro:
          'A motorcycle policy is assembled from the coverages below. Open each one to see what it pays for.',
        firstOpen: false,
        items: [
          {
            title: 'Bodily injury liability',
            paragraphs: [
              'Pays for injuries you cause to other people, including medical bills, lost wages and legal costs if you are sued. It is required in Georgia, and higher limits protect your savings and future income.',
            ],
          },
          {
            title: 'Property damage liability',
            paragraphs: [
              'Pays for damage you cause to someone else’s car, fence, building or other property. It is also required by Georgia law.',
            ],
          },
          {
            title: 'Collision',
            paragraphs: [
              'Pays to repair or replace your motorcycle after it collides with a vehicle or object or goes down on the road, no matter who was at fault, minus your deductible.',
            ],
          },
          {
            title: 'Comprehensive',
            paragraphs: [
              'Covers your bike against theft, vandalism, fire, hail, flooding, falling objects and hitting an animal. Motorcycles are easy to steal, so this coverage matters even if your bike is paid off.',
            ],
          },
          {
            title: 'Uninsured and underinsured motorist',
            paragraphs: [
              'Pays for your injuries, and in some policies damage to your bike, when the driver who hit you has no insurance or not enough. Because riders are so often hurt in crashes caused by drivers who did not see them, this is one of the most valuable coverages on the policy.',
            ],
          },
          {
            title: 'Medical payments',
            paragraphs: [
              'Pays medical expenses for you after an accident regardless of fault, up to a set amount. It helps cover ambulance rides, emergency care and health plan deductibles.',
            ],
          },
          {
            title: 'Passenger liability',
            paragraphs: [
              'Protects you if a passenger riding with you is injured. Some policies exclude passengers from bodily injury liability unless this coverage is added, so it is worth checking if you ever ride two-up.',
            ],
          },
          {
            title: 'Custom parts and equipment',
            paragraphs: [
              'Covers aftermarket additions such as chrome, custom paint, upgraded exhaust, saddlebags, seats and audio systems, which a basic policy may limit to a small amount. Many carriers also offer coverage for your helmet, jacket and other riding gear.',
            ],
          },
          {
            title: 'Roadside assistance and trip interruption',
            paragraphs: [
              'Pays for towing, jump starts, fuel delivery and flat tire help. Trip interruption coverage helps with lodging, meals and transportation if your bike breaks down or is damaged far from home.',
            ],
          },
        ],
      },
      {
        kind: 'note',
        text: 'Georgia law requires every motorcycle rider and passenger to wear a helmet. Completing a rider safety course may also earn you a discount with some carriers.',
      },
    ],
    form: {
      anchor: 'vehicle-motorcycle-quote',
      heading: 'Request your motorcycle insurance quote',
      intro:
        'Tell us about your bike, your riding and who else rides it. We compare carriers and get back to you within one business day.',
    },
  },
} satisfies Localized<ContentPage>
