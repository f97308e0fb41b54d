import { cityAndState } from '#config/agency-facts.ts'
import { languageNames } from './languages.ts'
import type { Localized } from './locale.ts'

/** The words of the shell (navbar, footer, skip link, banners, 404) in every language. */
const en = {
  skipToContent: 'Skip to main content',
  /** The link to this page's twin in the other language, written in that language. */
  otherLanguage: { label: languageNames.es.own, title: 'Ver esta página en español' },
  topStripLabel: 'Contact and social links',
  contactUs: 'Contact us',
  callUs: 'Call us',
  mainNavLabel: 'Main',
  menuToggle: 'Menu',
  /** The menu button's words while the menu is open (the inline script swaps them). */
  menuClose: 'Close',
  /** The menu's list of insurance lines and their products. */
  linesHeading: 'Insurance lines',
  nav: { home: 'Home', services: 'Services', insurance: 'Insurance', about: 'About', contact: 'Contact' },
  getAQuote: 'Get a Quote',
  /** The banners of the section layouts, shown over every page of the section. */
  banners: { about: 'About Our Agency', services: 'Online Service Center' },
  footer: {
    navHeading: 'Navigation',
    links: {
      home: 'Homepage',
      services: 'Our Services',
      insurance: 'Insurance Products',
      quote: 'Get a Quote',
      about: 'About Us',
      contact: 'Contact Us',
      privacy: 'Privacy Notice',
    },
    licensed: 'Licensed insurance agency',
    followHeading: 'Follow us',
    contactHeading: 'Visit or call',
    get mapTitle() {
      return `Map showing our office in ${cityAndState('en')}`
    },
    mapLink: 'Open the map in a new tab',
    mapShow: 'Show the map here',
    mapNotice: 'The map comes from Google Maps and loads only when you ask for it.',
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
}

export type ShellCopy = typeof en

// Annotated, not inferred: a key missing from or added to the Spanish fails the type check.
const es: ShellCopy = {
  skipToContent: 'Saltar al contenido principal',
  otherLanguage: { label: languageNames.en.own, title: 'View this page in English' },
  topStripLabel: 'Contacto y redes sociales',
  contactUs: 'Contáctenos',
  callUs: 'Llámenos',
  mainNavLabel: 'Principal',
  menuToggle: 'Menú',
  menuClose: 'Cerrar',
  linesHeading: 'Líneas de seguro',
  nav: {
    home: 'Inicio',
    services: 'Servicios',
    insurance: 'Seguros',
    about: 'Nosotros',
    contact: 'Contacto',
  },
  getAQuote: 'Cotizar',
  banners: { about: 'Sobre nuestra agencia', services: 'Centro de servicio en línea' },
  footer: {
    navHeading: 'Navegación',
    links: {
      home: 'Página principal',
      services: 'Nuestros servicios',
      insurance: 'Productos de seguros',
      quote: 'Obtenga su cotización',
      about: 'Sobre nosotros',
      contact: 'Contáctenos',
      privacy: 'Aviso de privacidad',
    },
    licensed: 'Agencia de seguros con licencia',
    followHeading: 'Síganos',
    contactHeading: 'Visítenos o llámenos',
    get mapTitle() {
      return `Mapa con la ubicación de nuestra oficina en ${cityAndState('es')}`
    },
    mapLink: 'Abrir el mapa en una pestaña nueva',
    mapShow: 'Mostrar el mapa aquí',
    mapNotice: 'El mapa es de Google Maps y solo se carga cuando usted lo pide.',
    rights: 'Todos los derechos reservados.',
    madeBy: 'Sitio web creado por',
    phoneLabel: 'Teléfono',
    faxLabel: 'Fax',
    emailLabel: 'Correo electrónico',
  },
  social: { facebook: 'Facebook', instagram: 'Instagram', youtube: 'YouTube' },
  newTab: '(se abre en una pestaña nueva)',
  notFound: {
    title: 'Página no encontrada',
    description:
      'La página que buscaba no está aquí. Estos enlaces llevan a las secciones principales del sitio de nuestra agencia de seguros.',
    heading: 'No pudimos encontrar esa página',
    text: 'Puede que la dirección tenga un error o que la página se haya movido. Pruebe con uno de estos enlaces:',
  },
}

export const shellCopy = { en, es } satisfies Localized<ShellCopy>
