import { agency } from '#config/agency.ts'
import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import type { Card, Hero, OwnerCopy, PageMeta } from '../types.ts'

/** The about page (welcome): the owner's story and cards to the other about pages. */
interface AboutCopy {
  meta: PageMeta
  hero: Hero
  owner: OwnerCopy
  /** The heading of the team the desk lists (shown only when it lists someone besides the owner). */
  team: { heading: string }
  more: {
    heading: string
    /** `hidden` cards stay in the data but are not shown. */
    cards: (Card & { hidden?: boolean })[]
  }
}

export const aboutPage = liveCopy(() => {
  const { city } = agency.address
  const state = agency.address.regionName
  const owner = agency.owner.name
  return {
    en: {
      meta: {
        title: 'About Our Agency',
        description: `Meet ${owner}, the bilingual independent agent behind ${agency.shortName} in ${city}, ${state.en}, and learn how we help families and businesses.`,
      },
      hero: {
        title: `Welcome to ${agency.name}`,
        tagline: `A locally owned, bilingual independent agency in ${city}, ${state.en}, helping neighbors across the state protect what matters since ${agency.foundedYear}.`,
        illustration: 'users',
      },
      owner: {
        title: agency.owner.title.en,
        portraitLabel: `Illustrated portrait of ${owner}, owner of ${agency.name}`,
        photoLabel: `${owner}, owner of ${agency.name}`,
        paragraphs: [
          `${owner} grew up helping at the family’s small business and learned early how one uninsured loss can undo years of hard work. That lesson led to a career in insurance, and in ${agency.foundedYear} to ${agency.name}, opened in ${city} to give local families and business owners the kind of guidance ${owner}’s own family once needed.`,
          'As an independent agency, we are not tied to one insurance company. We compare coverage and prices from many carriers and recommend the policy that fits, not the one that pays the best commission. When a claim comes in, our team is there to help you through it.',
          'Our office speaks English and Spanish. Many of our clients are first-time buyers, new homeowners or people starting a business for the first time, and we take the time to explain every option until it makes sense. You are always welcome to talk with us in the language you feel most at home in.',
          `Today we serve households and small businesses throughout ${state.en}, from a single auto policy to a full commercial program, and we still answer the phone ourselves.`,
        ],
      },
      team: { heading: 'Our team' },
      more: {
        heading: 'Get to know us',
        cards: [
          {
            title: 'Client Testimonials',
            text: `Read what families and business owners across ${state.en} say about working with our office, and share your own story.`,
            href: '/about/testimonials',
            icon: 'star',
          },
          {
            title: 'Client Center',
            text: 'Log in to our customer service portal to see your policies, print ID cards and request changes online.',
            href: '/about/client-center',
            icon: 'laptop',
          },
          {
            // Hidden while its page stays reachable at /about/refer-friend (docs/contracts.md, "Pages").
            title: 'Refer a Friend',
            text: 'Know someone who deserves better insurance service? Send them our way and we will take good care of them.',
            href: '/about/refer-friend',
            icon: 'gift',
            hidden: true,
          },
        ],
      },
    },
    es: {
      meta: {
        title: 'Sobre nuestra agencia',
        description: `Conozca a ${owner}, al frente de ${agency.shortName}, agencia independiente y bilingüe en ${city}, ${state.es}, y cómo ayudamos a familias y negocios.`,
      },
      hero: {
        title: `Bienvenidos a ${agency.name}`,
        tagline: `Una agencia independiente, bilingüe y de propiedad local en ${city}, ${state.es}, que desde ${agency.foundedYear} ayuda a vecinos de todo el estado a proteger lo que más les importa.`,
        illustration: 'users',
      },
      owner: {
        title: agency.owner.title.es,
        portraitLabel: `Retrato ilustrado de ${owner}, al frente de ${agency.name}`,
        photoLabel: `${owner}, al frente de ${agency.name}`,
        paragraphs: [
          `${owner} creció ayudando en el pequeño negocio de su familia, donde aprendió muy pronto que una sola pérdida sin seguro puede deshacer años de trabajo duro. Esa lección llevó a ${owner} al mundo de los seguros, y en ${agency.foundedYear} a abrir ${agency.name} en ${city} para darles a las familias y a los dueños de negocios de la zona la orientación que su propia familia necesitó alguna vez.`,
          'Como agencia independiente, no dependemos de una sola compañía de seguros. Comparamos coberturas y precios de muchas aseguradoras y le recomendamos la póliza que le conviene a usted, no la que paga la mejor comisión. Cuando llega la hora de un reclamo, nuestro equipo está ahí para ayudarle en todo el proceso.',
          'En nuestra oficina hablamos inglés y español. Muchos de nuestros clientes compran un seguro por primera vez, acaban de comprar su casa o están abriendo su primer negocio, y nos tomamos el tiempo de explicarles cada opción hasta que todo quede claro. Siempre puede hablar con nosotros en el idioma que le resulte más cómodo.',
          `Hoy atendemos a hogares y pequeños negocios en todo el estado de ${state.es}, desde una sola póliza de auto hasta un programa comercial completo, y seguimos contestando el teléfono nosotros mismos.`,
        ],
      },
      team: { heading: 'Nuestro equipo' },
      more: {
        heading: 'Conózcanos',
        cards: [
          {
            title: 'Testimonios de clientes',
            text: `Lea lo que dicen las familias y los dueños de negocios de ${state.es} sobre su experiencia con nuestra oficina, y comparta su propia historia.`,
            href: '/about/testimonials',
            icon: 'star',
          },
          {
            title: 'Centro de clientes',
            text: 'Entre a nuestro portal de servicio al cliente para ver sus pólizas, imprimir sus tarjetas de seguro y pedir cambios en línea.',
            href: '/about/client-center',
            icon: 'laptop',
          },
          {
            // Hidden while its page stays reachable at /es/about/refer-friend (docs/contracts.md, "Pages").
            title: 'Recomiende a un amigo',
            text: '¿Conoce a alguien que merece un mejor servicio de seguros? Recomiéndenos y lo atenderemos con todo cuidado.',
            href: '/about/refer-friend',
            icon: 'gift',
            hidden: true,
          },
        ],
      },
    },
  } satisfies Localized<AboutCopy>
})
