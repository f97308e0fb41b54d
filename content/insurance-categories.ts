import type { Localized } from '../app/site/i18n.ts'
import type { Card } from './types.ts'

/** The five insurance categories: the spec's static list, shown on the home page and the /insurance hub. */
export const insuranceCategories = {
  en: [
    {
      title: 'Business Insurance',
      text: 'Liability, property, commercial auto, workers’ compensation and employee benefits for Georgia businesses of every size.',
      href: '/insurance/business',
      icon: 'briefcase',
    },
    {
      title: 'Property Insurance',
      text: 'Coverage for the home you own, the apartment you rent, the houses you lease out, and the flood your regular policy leaves out.',
      href: '/insurance/property',
      icon: 'home',
    },
    {
      title: 'Vehicles Insurance',
      text: 'Cars, motorcycles, boats, RVs, ATVs and classic cars, insured for the way you actually drive, ride and tow.',
      href: '/insurance/vehicle',
      icon: 'car',
    },
    {
      title: 'Life/Financial Insurance',
      text: 'Life insurance, final expense plans and umbrella liability that keep your family and your savings on solid ground.',
      href: '/insurance/life',
      icon: 'heart',
    },
    {
      title: 'Other Insurance',
      text: 'Specialty policies for the risks standard insurance skips, like animal liability and one-day events.',
      href: '/insurance/others',
      icon: 'shield',
    },
  ],
} satisfies Localized<Card[]>
