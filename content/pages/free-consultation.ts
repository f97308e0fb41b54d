import type { Localized } from '../locale.ts'
import type { ContentPage } from '../types.ts'

export const freeConsultationPage = {
  en: {
    meta: {
      title: 'Free Insurance Consultation',
      description:
        'Book a free insurance review by phone or face to face. We go over your current policies, find gaps and savings, and answer questions in English or Spanish.',
    },
    hero: {
      title: 'Free Insurance Consultation',
      tagline:
        'A relaxed conversation about what you have, what you need and what you might be paying for twice. No cost, no pressure.',
      button: { label: 'Request a consultation', href: '#consultation-form' },
      illustration: 'calendar',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'What we cover in a consultation',
        paragraphs: [
          'Bring your current policies, or just your questions. In about half an hour we can review your limits and deductibles, look for discounts you are missing and explain any coverage in plain words. Choose a phone call or a visit to our office.',
        ],
      },
    ],
    form: {
      anchor: 'consultation-form',
      heading: 'Request your free consultation',
      intro:
        'Tell us how you would like to meet and what is on your mind. We will call or e-mail you to set a time.',
    },
  },
  es: {
    meta: {
      title: 'Consulta de seguros gratis',
      description:
        'Reserve una revisión gratis de sus seguros por teléfono o en persona. Revisamos sus pólizas, buscamos huecos y ahorros, y respondemos en inglés o en español.',
    },
    hero: {
      title: 'Consulta de seguros gratis',
      tagline:
        'Una conversación tranquila sobre lo que tiene, lo que necesita y lo que quizás esté pagando dos veces. Sin costo y sin presiones.',
      button: { label: 'Solicite una consulta', href: '#consultation-form' },
      illustration: 'calendar',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Lo que revisamos en una consulta',
        paragraphs: [
          'Traiga sus pólizas actuales, o simplemente sus preguntas. En una media hora, más o menos, podemos revisar sus límites y deducibles, buscar descuentos que no esté aprovechando y explicarle cualquier cobertura con palabras sencillas. Usted elige: una llamada por teléfono o una visita a nuestra oficina.',
        ],
      },
    ],
    form: {
      anchor: 'consultation-form',
      heading: 'Solicite su consulta gratis',
      intro:
        'Díganos cómo prefiere que nos reunamos y qué le preocupa. Nos comunicaremos con usted por teléfono o por correo electrónico para acordar una hora.',
    },
  },
} satisfies Localized<ContentPage>
