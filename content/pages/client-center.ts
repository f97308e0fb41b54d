import type { Localized } from '../locale.ts'
import type { PageMeta, ThirdPartyFrameCopy } from '../types.ts'

/** The client center: the third-party customer service portal in a frame, with a fallback link. */
export interface ClientCenterCopy {
  meta: PageMeta
  heading: string
  paragraphs: string[]
  /** The portal's frame and the link for browsers or networks that block it. */
  portal: ThirdPartyFrameCopy
}

export const clientCenterPage = {
  en: {
    meta: {
      title: 'Client Center',
      description:
        'Log in to our online client center to view your policies, print insurance ID cards, check billing and send service requests to our agency at any hour.',
    },
    heading: 'Client Center',
    paragraphs: [
      'Our secure customer service portal is open around the clock. Log in to see your policies, download ID cards and documents, and send us service requests whenever it suits you.',
      'The portal is run by our service partner, so you sign in there with your own portal account. If you do not have one yet, call or e-mail us and we will set it up with you.',
    ],
    portal: {
      title: 'Customer service portal login, run by our service partner',
      fallbackIntro: 'If the portal above does not load,',
      fallbackLabel: 'open the client portal',
      fallbackAfter: 'in its own window instead.',
    },
  },
  es: {
    meta: {
      title: 'Centro de clientes',
      description:
        'Entre a nuestro centro de clientes en línea para ver sus pólizas, imprimir sus tarjetas de seguro, revisar sus pagos y enviarnos solicitudes a cualquier hora.',
    },
    heading: 'Centro de clientes',
    paragraphs: [
      'Nuestro portal seguro de servicio al cliente está abierto las 24 horas. Entre para ver sus pólizas, descargar sus tarjetas de seguro y otros documentos, y enviarnos solicitudes de servicio cuando le quede mejor.',
      'El portal lo administra nuestro socio de servicio, así que allí se inicia sesión con una cuenta propia del portal. Si todavía no tiene una, llámenos o escríbanos por correo electrónico y la crearemos juntos.',
    ],
    portal: {
      title: 'Inicio de sesión del portal de servicio al cliente, administrado por nuestro socio de servicio',
      fallbackIntro: 'Si el portal de arriba no carga,',
      fallbackLabel: 'abra el portal de clientes',
      fallbackAfter: 'en su propia ventana.',
    },
  },
} satisfies Localized<ClientCenterCopy>
