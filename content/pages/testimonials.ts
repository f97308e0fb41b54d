import type { Localized } from '../locale.ts'
import type { FormSectionCopy, PageMeta } from '../types.ts'

/** A client's own words: quoted as written, in the language written, never translated. */
interface Testimonial {
  /** Line breaks ('\n') are the client's own and are shown as line breaks. */
  quote: string
  /** First name and initial only. */
  name: string
  /** The language the client wrote in; marked on the quote when it differs from the page's. */
  lang: 'en' | 'es'
}

/** The testimonials page: the clients' quotes, then the form to send a new one. */
export interface TestimonialsCopy {
  meta: PageMeta
  heading: string
  intro: string
  listLabel: string
  testimonials: readonly Testimonial[]
  form: FormSectionCopy
}

/** The 14 fixed quotes (docs/contracts.md, "Pages"); every language shows the same ones. */
const testimonials: readonly Testimonial[] = [
  {
    quote:
      'When a tree came through our roof during a storm, I called the office before I called anyone else. They walked me through the claim and checked on us every week until the repairs were done.',
    name: 'Marcus T.',
    lang: 'en',
  },
  {
    quote:
      'Me explicaron todo en español y con mucha paciencia. Por fin entiendo lo que cubre mi seguro de auto, y pago menos que antes.',
    name: 'Rosa M.',
    lang: 'es',
  },
  {
    quote:
      'Fast, friendly and honest.\nThey compared five companies for my landscaping business and found coverage my old agent said didn’t exist.',
    name: 'Kevin B.',
    lang: 'en',
  },
  {
    quote:
      'As a first-time homebuyer I had no idea what I needed. I never felt rushed, and my lender had proof of insurance the same day.',
    name: 'Ashley W.',
    lang: 'en',
  },
  {
    quote:
      'Excelente servicio.\nMe ayudaron a asegurar mi camioneta de trabajo y mi negocio de limpieza.\n¡Los recomiendo al cien por ciento!',
    name: 'Jorge L.',
    lang: 'es',
  },
  {
    quote:
      'Our son just got his license and I was dreading the bill. They found discounts for his good grades and his driving course that made a real difference.',
    name: 'Linda P.',
    lang: 'en',
  },
  {
    quote:
      'I moved my restaurant’s insurance here after ten years with the same company. Better coverage, a lower premium, and someone who actually returns my calls.',
    name: 'Samir H.',
    lang: 'en',
  },
  {
    quote:
      'Cuando tuve un accidente, me ayudaron con el reclamo desde el primer día. Siempre contestan el teléfono y todo se resuelve rápido.',
    name: 'Patricia G.',
    lang: 'es',
  },
  {
    quote:
      'Thank you for insuring my 1967 Mustang at a price I can live with.\nYou clearly care about classic cars as much as I do.',
    name: 'Dale R.',
    lang: 'en',
  },
  {
    quote:
      'They set up workers’ comp and liability for our roofing crew in a single week. When a client asks for a certificate, it goes out the same day.',
    name: 'Tyler J.',
    lang: 'en',
  },
  {
    quote:
      'Gracias por su atención tan amable. Ahora tengo seguro para mi casa y sé que mi familia está protegida.',
    name: 'Maribel S.',
    lang: 'es',
  },
  {
    quote:
      'Great for renters! My policy costs less than a tank of gas each month, and they set it all up over the phone in fifteen minutes.',
    name: 'Brianna C.',
    lang: 'en',
  },
  {
    quote:
      'We hosted our daughter’s wedding on the family farm, and the event policy they arranged gave us real peace of mind. Everything was explained clearly and handled quickly.',
    name: 'Gloria F.',
    lang: 'en',
  },
  {
    quote:
      'Honest advice, even when it meant a smaller sale for them.\nThat is why our whole family insures with this agency now.',
    name: 'Robert N.',
    lang: 'en',
  },
]

export const testimonialsPage = {
  en: {
    meta: {
      title: 'Client Testimonials',
      description:
        'Read what Georgia families, renters and business owners say about our bilingual independent insurance agency, then share your own experience with us.',
    },
    heading: 'What Our Clients Say',
    intro:
      'Nothing means more to us than the trust of the people we serve. Here are a few words from clients, in their own words and in their own language.',
    listLabel: 'Client testimonials',
    testimonials,
    form: {
      anchor: 'testimonial-form',
      heading: 'Share your experience',
      intro:
        'Have we helped you? We would love to hear about it. Your testimonial may appear on this page with your first name and last initial only.',
    },
  },
  es: {
    meta: {
      title: 'Testimonios de clientes',
      description:
        'Lea lo que dicen familias, inquilinos y dueños de negocios de Georgia sobre nuestra agencia de seguros independiente y bilingüe, y comparta su experiencia.',
    },
    heading: 'Lo que dicen nuestros clientes',
    intro:
      'Nada significa más para nosotros que la confianza de las personas a quienes servimos. Aquí tiene algunas palabras de nuestros clientes, tal como las escribieron y en su propio idioma.',
    listLabel: 'Testimonios de clientes',
    testimonials,
    form: {
      anchor: 'testimonial-form',
      heading: 'Comparta su experiencia',
      intro:
        '¿Le hemos ayudado? Nos encantaría saberlo. Su testimonio podría aparecer en esta página solo con su nombre y la inicial de su apellido.',
    },
  },
} satisfies Localized<TestimonialsCopy>
