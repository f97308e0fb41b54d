import { cityAndState, type DayCode, englishDayNames } from '#config/agency-facts.ts'
import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import type { FormSectionCopy, PageMeta } from '../types.ts'

/** The contact page: form, opening hours, contact details and the office map. */
export interface ContactCopy {
  meta: PageMeta
  banner: string
  heading: string
  intro: string
  form: FormSectionCopy
  hours: {
    heading: string
    dayNames: Record<DayCode, string>
    /** A run of three or more days: '{first}' and '{last}' are replaced by day names. */
    dayRange: string
    /** Exactly two days. */
    dayPair: string
    /** '{opens}' and '{closes}' are replaced by times. */
    timeRange: string
    closed: string
    am: string
    pm: string
  }
  details: {
    heading: string
    phone: string
    fax: string
    email: string
    address: string
    social: string
  }
  map: { heading: string; title: string; link: string }
}

export const contactPage = liveCopy(() => {
  return {
    en: {
      meta: {
        title: 'Contact Us',
        description: `Call, e-mail or visit our insurance office in ${cityAndState('en')}. See our hours and send a message; we answer within one business hour.`,
      },
      banner: 'Contact Us',
      heading: 'We would love to hear from you',
      intro:
        'Ask about a quote, a change to your policy or a claim you need help with. Call during office hours, stop by, or send us a message at any time and we will get back to you, in English or in Spanish.',
      form: {
        anchor: 'contact-form',
        heading: 'Send us a message',
        intro: 'Fill in the form and tell us how we can help. We reply within one business hour.',
      },
      hours: {
        heading: 'Office hours',
        dayNames: englishDayNames,
        dayRange: '{first} to {last}',
        dayPair: '{first} and {last}',
        timeRange: '{opens} to {closes}',
        closed: 'Closed',
        am: 'am',
        pm: 'pm',
      },
      details: {
        heading: 'How to reach us',
        phone: 'Phone',
        fax: 'Fax',
        email: 'E-mail',
        address: 'Office',
        social: 'Follow us',
      },
      map: {
        heading: 'Find our office',
        title: `Map of our office in ${cityAndState('en')}`,
        link: 'Open the map in a new tab for directions',
      },
    },
    es: {
      meta: {
        title: 'Contáctenos',
        description: `Llame, escriba o visite nuestra oficina de seguros en ${cityAndState('es')}. Vea nuestro horario y envíenos un mensaje; respondemos dentro de una hora hábil.`,
      },
      banner: 'Contáctenos',
      heading: 'Nos encantaría saber de usted',
      intro:
        'Pregúntenos por una cotización, un cambio en su póliza o un reclamo con el que necesite ayuda. Llámenos en horario de oficina, visítenos o envíenos un mensaje cuando quiera, y le responderemos en inglés o en español.',
      form: {
        anchor: 'contact-form',
        heading: 'Envíenos un mensaje',
        intro:
          'Llene el formulario y díganos cómo podemos ayudarle. Le respondemos dentro de una hora hábil.',
      },
      hours: {
        heading: 'Horario de atención',
        dayNames: {
          Mo: 'lunes',
          Tu: 'martes',
          We: 'miércoles',
          Th: 'jueves',
          Fr: 'viernes',
          Sa: 'sábado',
          Su: 'domingo',
        },
        dayRange: '{first} a {last}',
        dayPair: '{first} y {last}',
        timeRange: '{opens} a {closes}',
        closed: 'Cerrado',
        am: 'a. m.',
        pm: 'p. m.',
      },
      details: {
        heading: 'Cómo comunicarse con nosotros',
        phone: 'Teléfono',
        fax: 'Fax',
        email: 'Correo electrónico',
        address: 'Oficina',
        social: 'Síganos',
      },
      map: {
        heading: 'Encuentre nuestra oficina',
        title: `Mapa de nuestra oficina en ${cityAndState('es')}`,
        link: 'Abra el mapa en una pestaña nueva para ver cómo llegar',
      },
    },
  } satisfies Localized<ContactCopy>
})
