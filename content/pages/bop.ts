import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const bopPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Business Owner’s Policy (BOP)',
          description: `A business owner’s policy bundles liability, property and business income coverage for ${state.en} small businesses in one affordable package. Get a free quote.`,
        },
        hero: {
          title: 'Business Owner’s Policy (BOP)',
          tagline: `Liability, property and lost-income protection in one package, priced for the small businesses that keep ${state.en} towns running.`,
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#bop-quote' },
          illustration: 'store',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is a business owner’s policy?',
            paragraphs: [
              'A business owner’s policy, or BOP, packages the three coverages most small businesses need into a single policy with one premium and one renewal date. Because the insurer writes them together, a BOP usually costs less than buying each coverage on its own.',
            ],
          },
          {
            kind: 'text',
            heading: 'What a BOP includes',
            paragraphs: ['Every BOP is built on three parts:'],
            list: [
              'General liability: injuries and property damage you cause to others, plus your legal defense.',
              'Commercial property: your building if you own it, and your equipment, furniture, inventory and supplies.',
              'Business income: the revenue you lose and the bills you still owe, such as rent and payroll, while a covered loss keeps you closed.',
            ],
            after: [
              'Many carriers let you add options such as equipment breakdown, spoilage of refrigerated goods, data breach coverage, employee dishonesty and hired or non-owned auto liability.',
            ],
          },
          {
            kind: 'text',
            heading: 'Is my business a good fit?',
            paragraphs: [
              'BOPs are designed for small to mid-sized businesses with lower-risk operations: offices, retail shops, restaurants and cafés, salons, small contractors and many service providers. Larger businesses or those with specialized risks may need separate policies instead. Tell us about your business and we will tell you honestly which route saves you more.',
              'A BOP does not replace workers’ compensation, commercial auto or professional liability, so ask us about those at the same time.',
            ],
          },
        ],
        form: {
          anchor: 'bop-quote',
          heading: 'Request your BOP quote',
          intro:
            'Describe your business and when you would like coverage to start. We compare carriers and come back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: 'Póliza para dueños de negocios (BOP)',
          description: `La póliza BOP reúne responsabilidad civil, propiedad e ingresos del negocio en un solo paquete económico para pequeños negocios de ${state.es}. Cotice gratis.`,
        },
        hero: {
          title: 'Póliza para dueños de negocios (BOP)',
          tagline: `Protección de responsabilidad civil, propiedad y pérdida de ingresos en un solo paquete, con precios pensados para los pequeños negocios que mantienen en marcha los pueblos de ${state.es}.`,
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#bop-quote' },
          illustration: 'store',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es una póliza para dueños de negocios?',
            paragraphs: [
              'La póliza para dueños de negocios, o BOP por sus siglas en inglés, reúne en una sola póliza las tres coberturas que más necesitan los pequeños negocios, con una sola prima y una sola fecha de renovación. Como la aseguradora las emite juntas, una BOP suele costar menos que comprar cada cobertura por separado.',
            ],
          },
          {
            kind: 'text',
            heading: 'Qué incluye una BOP',
            paragraphs: ['Toda BOP se compone de tres partes:'],
            list: [
              'Responsabilidad civil general: las lesiones y los daños a la propiedad que usted cause a otros, además de su defensa legal.',
              'Propiedad comercial: su edificio, si es suyo, y sus equipos, muebles, inventario y materiales.',
              'Ingresos del negocio: el dinero que deja de ganar y las cuentas que igual tiene que pagar, como el alquiler y la nómina, mientras su negocio permanece cerrado por una pérdida cubierta.',
            ],
            after: [
              'Muchas aseguradoras le permiten agregar opciones como avería de equipos, pérdida de productos refrigerados, cobertura por filtración de datos, deshonestidad de empleados y responsabilidad por autos alquilados o que no son propiedad del negocio.',
            ],
          },
          {
            kind: 'text',
            heading: '¿Es una buena opción para mi negocio?',
            paragraphs: [
              'Las BOP están diseñadas para negocios pequeños y medianos con operaciones de menor riesgo: oficinas, tiendas, restaurantes y cafeterías, salones de belleza, pequeños contratistas y muchos proveedores de servicios. Los negocios más grandes o con riesgos especializados quizás necesiten pólizas separadas. Cuéntenos sobre su negocio y le diremos con honestidad qué camino le ahorra más.',
              'Una BOP no reemplaza la compensación para trabajadores, el seguro de auto comercial ni la responsabilidad profesional, así que aproveche para preguntarnos también por esas coberturas.',
            ],
          },
        ],
        form: {
          anchor: 'bop-quote',
          heading: 'Solicite su cotización de BOP',
          intro:
            'Descríbanos su negocio y díganos cuándo quiere que empiece la cobertura. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
