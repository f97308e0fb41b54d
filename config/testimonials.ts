/**
 * The clients' testimonials a new install starts from; owners add, edit, hide and order them on the
 * desk (/admin/site) and publish. `testimonials` is the published list, hidden ones left out.
 */
import { liveObject, publishedSettings } from './live-settings.ts'

/** A client's own words: quoted as written, in the language written, never translated. */
export interface Testimonial {
  /** Line breaks ('\n') are the client's own and are shown as line breaks. */
  quote: string
  /** First name and initial only. */
  name: string
  /** The language the client wrote in; marked on the quote when it differs from the page's. */
  lang: 'en' | 'es'
  /** Kept on the desk but not shown on the site. */
  hidden?: boolean
}

/** The 14 fixed quotes (docs/contracts.md, "Pages"); every language shows the same ones. */
export const defaultTestimonials: readonly Testimonial[] = [
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

/** The published testimonials, in the desk's order, without the hidden ones. */
export const testimonials: readonly Testimonial[] = liveObject(() =>
  (publishedSettings()?.testimonials ?? defaultTestimonials).filter(
    (testimonial) => testimonial.hidden !== true,
  ),
)
