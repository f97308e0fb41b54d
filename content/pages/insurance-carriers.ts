import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { PageMeta } from '../types.ts'

/** The carriers page: an introduction above the grid of carrier wordmarks (config/carriers.ts). */
export interface CarriersCopy {
  meta: PageMeta
  heading: string
  paragraphs: string[]
  gridLabel: string
}

export const insuranceCarriersPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Insurance Carriers We Represent',
          description: `See the national and regional insurance companies our independent ${state.en} agency represents for auto, home, business, life and specialty coverage.`,
        },
        heading: 'Insurance Carriers We Represent',
        paragraphs: [
          'An independent agency works for you, not for one insurance company. We hold appointments with the carriers below, so a single conversation with us can bring back several quotes to compare side by side.',
          'Each name opens that company’s own website in a new tab, where you can read about them, pay a bill or report a claim. When you are unsure which carrier holds your policy, just ask us.',
        ],
        gridLabel: 'Carriers we represent',
      },
      es: {
        meta: {
          title: 'Aseguradoras que representamos',
          description: `Conozca las compañías de seguros nacionales y regionales que representa nuestra agencia independiente de ${state.es} en auto, casa, negocio, vida y más.`,
        },
        heading: 'Aseguradoras que representamos',
        paragraphs: [
          'Una agencia independiente trabaja para usted, no para una sola compañía de seguros. Estamos autorizados por las aseguradoras de abajo, así que una sola conversación con nosotros puede darle varias cotizaciones para comparar lado a lado.',
          'Cada nombre abre el sitio web de esa compañía en una pestaña nueva, donde puede conocerla, pagar una factura o reportar un reclamo. Si no sabe con certeza qué aseguradora tiene su póliza, solo pregúntenos.',
        ],
        gridLabel: 'Aseguradoras que representamos',
      },
    }) satisfies Localized<CarriersCopy>,
)
