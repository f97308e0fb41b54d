import type { Localized } from '../app/site/i18n.ts'

/** The words of the shell (navbar, footer, skip link, 404) in every language. */
export const shellCopy = {
  en: {
    skipToContent: 'Skip to main content',
    topStripLabel: 'Contact and social links',
    contactUs: 'Contact us',
    callUs: 'Call us',
    mainNavLabel: 'Main',
    menuToggle: 'Menu',
    nav: { home: 'Home', services: 'Services', insurance: 'Insurance', about: 'About', contact: 'Contact' },
    getAQuote: 'Get a Quote',
    footer: {
      navHeading: 'Navigation',
      links: {
        home: 'Homepage',
        services: 'Our Services',
        insurance: 'Insurance Products',
        quote: 'Get a Quote',
        about: 'About Us',
        contact: 'Contact Us',
      },
      followHeading: 'Follow us',
      contactHeading: 'Visit or call',
      mapTitle: 'Map showing our office in Bethlehem, Georgia',
      mapLink: 'Open the map in a new tab',
      rights: 'All rights reserved.',
      madeBy: 'Website by',
      phoneLabel: 'Phone',
      faxLabel: 'Fax',
      emailLabel: 'E-mail',
    },
    social: { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' },
    newTab: '(opens in a new tab)',
    notFound: {
      title: 'Page not found',
      description: 'The page you asked for is not here. These links lead to the main sections of the site.',
      heading: 'We could not find that page',
      text: 'The address may be mistyped, or the page may have moved. Try one of these instead:',
    },
  },
} satisfies Localized<unknown>

export type ShellCopy = (typeof shellCopy)['en']
