import { agency } from '#config/agency.ts'
import { liveCopy } from '#config/live-settings.ts'
import { insuranceCategories } from '../insurance-categories.ts'
import type { Localized } from '../locale.ts'
import type { Card, FormSectionCopy, LinkButton, OwnerCopy, PageMeta } from '../types.ts'

/** The home page: a hero with the phone, the categories, the owner, the contact form and the carriers. */
interface HomeCopy {
  meta: PageMeta
  hero: {
    tagline: string
    /** Read before the number by screen readers, so the link says what it does. */
    phoneLabel: string
    button: LinkButton
  }
  services: { heading: string; intro: string; cards: Card[] }
  about: OwnerCopy & { button: LinkButton }
  contact: FormSectionCopy
  carriers: { heading: string; intro: string; more: LinkButton }
}

export const homePage = liveCopy(() => {
  const { city } = agency.address
  const state = agency.address.regionName
  return {
    en: {
      meta: {
        title: `Independent Insurance Agency in ${state.en}`,
        description: `Free quotes on auto, home, business and life insurance from many carriers. A bilingual independent agency in ${city}, ${state.en}, serving the whole state.`,
      },
      hero: {
        tagline:
          'One local agent, many insurance companies. We compare the options for you and explain them in plain English or Spanish, so you only pay for what your family or business really needs.',
        phoneLabel: 'Call us',
        button: { label: 'Get Your Free Quote Today', href: '/get-a-quote' },
      },
      services: {
        heading: 'Our Insurance Services',
        intro:
          'From your first car to your growing company, we cover the people and things you have worked hard for.',
        cards: insuranceCategories.en,
      },
      about: {
        title: agency.owner.title.en,
        portraitLabel: `Illustrated portrait of ${agency.owner.name}, owner of ${agency.name}`,
        photoLabel: `${agency.owner.name}, owner of ${agency.name}`,
        paragraphs: [
          `${agency.owner.name} opened ${agency.name} in ${city} in ${agency.foundedYear} with a simple idea: neighbors deserve an agent who answers the phone, knows their name and takes the time to explain a policy line by line.`,
          'As an independent agency we are not tied to a single insurance company. We shop your coverage with several carriers, in English or in Spanish, and stay with you when you need to make a change or file a claim.',
        ],
        button: { label: 'Learn more about us', href: '/about' },
      },
      contact: {
        anchor: 'contact-form',
        heading: 'Send us a message',
        intro:
          'Have a question about a policy, a bill or a new quote? Write to us and someone from our office will reply within one business hour.',
      },
      carriers: {
        heading: 'Some of the carriers we represent',
        intro: 'Working with many companies lets us find the right fit for your budget and your coverage.',
        more: { label: '... and more', href: '/insurance-carriers' },
      },
    },
    es: {
      meta: {
        title: `Agencia de seguros independiente en ${state.es}`,
        description: `Cotice gratis seguros de auto, casa, negocio y vida con muchas aseguradoras. Agencia independiente y bilingüe en ${city}, ${state.es}, para todo el estado.`,
      },
      hero: {
        tagline:
          'Un agente local, muchas compañías de seguros. Comparamos las opciones por usted y se las explicamos con palabras sencillas, en inglés o en español, para que solo pague lo que su familia o su negocio realmente necesita.',
        phoneLabel: 'Llámenos',
        button: { label: 'Obtenga hoy su cotización gratis', href: '/get-a-quote' },
      },
      services: {
        heading: 'Nuestros servicios de seguros',
        intro:
          'Desde su primer carro hasta su empresa en crecimiento, protegemos a las personas y las cosas por las que tanto ha trabajado.',
        cards: insuranceCategories.es,
      },
      about: {
        title: agency.owner.title.es,
        portraitLabel: `Retrato ilustrado de ${agency.owner.name}, al frente de ${agency.name}`,
        photoLabel: `${agency.owner.name}, al frente de ${agency.name}`,
        paragraphs: [
          `${agency.owner.name} abrió ${agency.name} en ${city} en ${agency.foundedYear} con una idea sencilla: los vecinos merecen un agente que conteste el teléfono, los conozca por su nombre y se tome el tiempo de explicarles una póliza línea por línea.`,
          'Como agencia independiente, no dependemos de una sola compañía de seguros. Buscamos su cobertura con varias aseguradoras, en inglés o en español, y seguimos a su lado cuando necesite hacer un cambio o presentar un reclamo.',
        ],
        button: { label: 'Conozca más sobre nosotros', href: '/about' },
      },
      contact: {
        anchor: 'contact-form',
        heading: 'Envíenos un mensaje',
        intro:
          '¿Tiene alguna pregunta sobre una póliza, una factura o una nueva cotización? Escríbanos y alguien de nuestra oficina le responderá dentro de una hora hábil.',
      },
      carriers: {
        heading: 'Algunas de las aseguradoras que representamos',
        intro:
          'Trabajar con muchas compañías nos permite encontrar la opción adecuada para su presupuesto y la cobertura que necesita.',
        more: { label: '... y muchas más', href: '/insurance-carriers' },
      },
    },
  } satisfies Localized<HomeCopy>
})
