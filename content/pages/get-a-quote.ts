import type { Localized } from '../locale.ts'
import type { ContentPage } from '../types.ts'

/**
 * The general quote request: its fixed banner (docs/contracts.md, "Pages") over a short content
 * page, the detailed quote forms by line (listed from the form definitions), and the general quote
 * form.
 */
export const getAQuotePage = {
  en: {
    meta: {
      title: 'Get a Free Insurance Quote',
      description:
        'Request a free, no-obligation insurance quote for your car, home, business or family. We compare several carriers and call you back within one business hour.',
    },
    banner: 'Insurance Quotes',
    detailed: {
      heading: 'Know what you need? Use its detailed form',
      intro:
        'Each of these pages has a quote form that asks exactly what that insurance needs, so we can quote faster with fewer calls. For anything else, or if you are not sure, use the general form below.',
    },
    hero: {
      title: 'Get a Free Insurance Quote',
      tagline:
        'Tell us what you would like to insure and how to reach you. There is no cost and no obligation: we do the shopping, you make the choice.',
      button: { label: 'Start my quote', href: '#quote-form' },
      illustration: 'hand-coins',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'How it works',
        paragraphs: ['Getting a quote from us takes a few minutes of your time and none of your money.'],
        list: [
          'You send the form below with the kind of insurance you need.',
          'We compare prices and coverage from the carriers we represent.',
          'We call or e-mail you with your options and answer every question before you decide.',
        ],
      },
    ],
    form: {
      anchor: 'quote-form',
      heading: 'Request your quote',
      intro:
        'Choose the type of insurance and leave your contact details. A start date and a note help us, but they are optional.',
    },
  },
  es: {
    meta: {
      title: 'Obtenga su cotización de seguro gratis',
      description:
        'Pida una cotización de seguro gratis y sin compromiso para su auto, casa, negocio o familia. Comparamos varias aseguradoras y lo llamamos dentro de una hora hábil.',
    },
    banner: 'Cotizaciones de seguros',
    detailed: {
      heading: '¿Sabe lo que necesita? Use su formulario detallado',
      intro:
        'Cada una de estas páginas tiene un formulario de cotización que pregunta justo lo que ese seguro requiere, así cotizamos más rápido y con menos llamadas. Para cualquier otra cosa, o si no está seguro, use el formulario general de abajo.',
    },
    hero: {
      title: 'Obtenga su cotización de seguro gratis',
      tagline:
        'Díganos qué quiere asegurar y cómo comunicarnos con usted. No tiene costo ni compromiso: nosotros comparamos, usted decide.',
      button: { label: 'Comenzar mi cotización', href: '#quote-form' },
      illustration: 'hand-coins',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Cómo funciona',
        paragraphs: [
          'Obtener una cotización con nosotros le toma unos minutos de su tiempo y nada de su dinero.',
        ],
        list: [
          'Usted envía el formulario de abajo con el tipo de seguro que necesita.',
          'Comparamos precios y coberturas de las aseguradoras que representamos.',
          'Lo llamamos o le escribimos por correo electrónico con sus opciones y respondemos todas sus preguntas antes de que decida.',
        ],
      },
    ],
    form: {
      anchor: 'quote-form',
      heading: 'Solicite su cotización',
      intro:
        'Elija el tipo de seguro y déjenos sus datos de contacto. Una fecha de inicio y una nota nos ayudan, pero son opcionales.',
    },
  },
} satisfies Localized<ContentPage & { banner: string; detailed: { heading: string; intro: string } }>
