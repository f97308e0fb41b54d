import { liveCopy } from '#config/live-settings.ts'
import { insuranceCategories } from '../insurance-categories.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

/**
 * The /insurance hub: its fixed banner (docs/contracts.md, "Pages") over a content page of the five
 * categories.
 */
export const insurancePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Insurance Products & Services',
          description: `Explore business, property, vehicle, life and specialty insurance for ${state.en} families and companies, and ask our independent agency for a free quote.`,
        },
        banner: 'Insurance Products & Services',
        hero: {
          title: 'Insurance for every part of your life',
          tagline:
            'Pick a category to see what each kind of policy protects, who tends to need it, and how we compare prices from several companies for you.',
          button: { label: 'Get a free quote', href: '/get-a-quote' },
          illustration: 'umbrella',
        },
        blocks: [
          {
            kind: 'cards',
            heading: 'Choose a category',
            intro: `Because we represent many carriers, we can place almost any risk a household or small business in ${state.en} faces. Not sure where yours fits? Call or write and we will point you the right way.`,
            cards: insuranceCategories.en,
          },
        ],
      },
      es: {
        meta: {
          title: 'Productos y servicios de seguros',
          description: `Conozca los seguros para negocios, propiedad, vehículos, vida y especiales para familias y empresas de ${state.es}, y pida a nuestra agencia una cotización gratis.`,
        },
        banner: 'Productos y servicios de seguros',
        hero: {
          title: 'Seguros para cada parte de su vida',
          tagline:
            'Elija una categoría para ver qué protege cada tipo de póliza, quién suele necesitarla y cómo comparamos por usted los precios de varias compañías.',
          button: { label: 'Obtenga su cotización gratis', href: '/get-a-quote' },
          illustration: 'umbrella',
        },
        blocks: [
          {
            kind: 'cards',
            heading: 'Elija una categoría',
            intro: `Como representamos a muchas aseguradoras, podemos asegurar casi cualquier riesgo que enfrente un hogar o un pequeño negocio de ${state.es}. ¿No sabe dónde encaja el suyo? Llámenos o escríbanos y le indicaremos el camino correcto.`,
            cards: insuranceCategories.es,
          },
        ],
      },
    }) satisfies Localized<ContentPage & { banner: string }>,
)
