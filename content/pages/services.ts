import type { Localized } from '../locale.ts'
import type { ContentPage } from '../types.ts'

export const servicesPage = {
  en: {
    meta: {
      title: 'Online Service Center',
      description:
        'Book a free consultation, reach your insurance carrier, update your policy details or ask for proof of insurance online, any time of the day or night.',
    },
    hero: {
      title: 'How can we help you today?',
      tagline:
        'Already a client, or thinking about becoming one? Choose a service below and send us your request whenever it suits you.',
      illustration: 'message',
    },
    blocks: [
      {
        kind: 'cards',
        heading: 'Choose a service',
        cards: [
          {
            title: 'Free Consultation',
            text: 'Sit down with us in person or by phone to review the coverage you have and the coverage you need.',
            href: '/services/free-consultation',
            icon: 'calendar',
          },
          {
            title: 'Contact Your Carrier',
            text: 'Find the website of the insurance company that holds your policy to pay a bill or report a claim.',
            href: '/services/contact-carrier',
            icon: 'phone',
          },
          {
            title: 'Update Your Information',
            text: 'Tell us about a new address, phone number, vehicle, driver or any other change to your policy.',
            href: '/services/update-info',
            icon: 'user-pen',
          },
          {
            title: 'Proof of Insurance',
            text: 'Ask for an ID card, a certificate of insurance or your declaration pages, sent the way you prefer.',
            href: '/services/proof-insurance',
            icon: 'file-text',
          },
        ],
      },
      {
        kind: 'note',
        text: 'Please note: requests sent through this website are not legally binding until our agency or your insurance carrier confirms them. Coverage is never added, changed or cancelled until you hear back from us.',
      },
    ],
  },
  es: {
    meta: {
      title: 'Centro de servicio en línea',
      description:
        'Reserve una consulta gratis, comuníquese con su aseguradora, actualice los datos de su póliza o pida un comprobante de seguro en línea, a cualquier hora.',
    },
    hero: {
      title: '¿Cómo podemos ayudarle hoy?',
      tagline:
        '¿Ya es nuestro cliente o está pensando en serlo? Elija un servicio y envíenos su solicitud cuando le quede mejor.',
      illustration: 'message',
    },
    blocks: [
      {
        kind: 'cards',
        heading: 'Elija un servicio',
        cards: [
          {
            title: 'Consulta gratis',
            text: 'Reúnase con nosotros en persona o por teléfono para revisar la cobertura que tiene y la que necesita.',
            href: '/services/free-consultation',
            icon: 'calendar',
          },
          {
            title: 'Comuníquese con su aseguradora',
            text: 'Encuentre el sitio web de la compañía de seguros que tiene su póliza para pagar una factura o reportar un reclamo.',
            href: '/services/contact-carrier',
            icon: 'phone',
          },
          {
            title: 'Actualice su información',
            text: 'Avísenos de una nueva dirección, número de teléfono, vehículo, conductor o cualquier otro cambio en su póliza.',
            href: '/services/update-info',
            icon: 'user-pen',
          },
          {
            title: 'Comprobante de seguro',
            text: 'Pida una tarjeta de seguro, un certificado de seguro o sus páginas de declaraciones, y se los enviamos como usted prefiera.',
            href: '/services/proof-insurance',
            icon: 'file-text',
          },
        ],
      },
      {
        kind: 'note',
        text: 'Tenga en cuenta: las solicitudes enviadas por este sitio web no tienen validez legal hasta que nuestra agencia o su aseguradora las confirme. Nunca se agrega, cambia ni cancela una cobertura hasta que usted reciba nuestra respuesta.',
      },
    ],
  },
} satisfies Localized<ContentPage>
