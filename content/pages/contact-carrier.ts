import type { Localized } from '../locale.ts'
import type { Hero, PageMeta } from '../types.ts'

/** The contact-carrier page: how to reach a carrier directly, then the carriers' own sites. */
export interface ContactCarrierCopy {
  meta: PageMeta
  hero: Hero
  intro: {
    heading: string
    paragraphs: string[]
    /** The sentence with the link to /contact, in three parts around the link. */
    contactUs: { before: string; link: string; after: string }
  }
  listHeading: string
  listIntro: string
}

export const contactCarrierPage = {
  en: {
    meta: {
      title: 'Contact Your Insurance Carrier',
      description:
        'Find the website of the company that holds your policy to pay a bill, print an ID card or report a claim, or let our agency contact the carrier for you.',
    },
    hero: {
      title: 'Contact Your Insurance Carrier',
      tagline: 'Pay a bill, report a claim or check a policy straight with the company that insures you.',
      illustration: 'phone',
    },
    intro: {
      heading: 'Reaching your carrier',
      paragraphs: [
        'Each insurance company runs its own website for payments, ID cards, claims and policy documents. Your carrier’s name is printed on your ID card and on the first page of your policy.',
        'For a claim after an accident, a storm or a break-in, report it to your carrier as soon as you safely can, then let us know so we can follow it for you.',
      ],
      contactUs: {
        before: 'Not sure which company insures you, or would you rather we make the call? ',
        link: 'Contact our office',
        after: ' and we will handle it for you.',
      },
    },
    listHeading: 'Our carriers’ websites',
    listIntro: 'Each link opens the carrier’s own site in a new tab.',
  },
  es: {
    meta: {
      title: 'Comuníquese con su aseguradora',
      description:
        'Encuentre el sitio web de la compañía que tiene su póliza para pagar, imprimir su tarjeta de seguro o reportar un reclamo, o deje que nuestra agencia la llame.',
    },
    hero: {
      title: 'Comuníquese con su aseguradora',
      tagline:
        'Pague una factura, reporte un reclamo o revise su póliza directamente con su compañía de seguros.',
      illustration: 'phone',
    },
    intro: {
      heading: 'Cómo comunicarse con su aseguradora',
      paragraphs: [
        'Cada compañía de seguros tiene su propio sitio web para pagos, tarjetas de seguro, reclamos y documentos de la póliza. El nombre de su aseguradora aparece en su tarjeta de seguro y en la primera página de su póliza.',
        'Si necesita hacer un reclamo después de un accidente, una tormenta o un robo en su casa, repórtelo a su aseguradora en cuanto pueda hacerlo sin peligro y luego avísenos para que le demos seguimiento por usted.',
      ],
      contactUs: {
        before: '¿No sabe qué compañía tiene su seguro, o prefiere que nosotros hagamos la llamada? ',
        link: 'Comuníquese con nuestra oficina',
        after: ' y nos encargaremos de todo.',
      },
    },
    listHeading: 'Sitios web de nuestras aseguradoras',
    listIntro: 'Cada enlace abre el sitio de la aseguradora en una pestaña nueva.',
  },
} satisfies Localized<ContactCarrierCopy>
