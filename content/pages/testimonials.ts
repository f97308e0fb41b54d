import { liveCopy } from '#config/live-settings.ts'
import { type Testimonial, testimonials } from '#config/testimonials.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { FormSectionCopy, PageMeta } from '../types.ts'

/** The testimonials page: the clients' quotes, then the form to send a new one. */
export interface TestimonialsCopy {
  meta: PageMeta
  heading: string
  intro: string
  listLabel: string
  testimonials: readonly Testimonial[]
  form: FormSectionCopy
}

export const testimonialsPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Client Testimonials',
          description: `Read what ${state.en} families, renters and business owners say about our bilingual independent insurance agency, then share your own experience with us.`,
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
          description: `Lea lo que dicen familias, inquilinos y dueños de negocios de ${state.es} sobre nuestra agencia de seguros independiente y bilingüe, y comparta su experiencia.`,
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
    }) satisfies Localized<TestimonialsCopy>,
)
