import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const floodPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Flood Insurance in ${state.en}`,
          description: `Flood insurance for ${state.en} homes and buildings: what counts as a flood, what building and contents coverage pays, and why homeowners policies exclude it.`,
        },
        hero: {
          title: 'Flood Insurance',
          tagline: `By rivers, creeks and low streets, and in neighborhoods that have never flooded before, floods happen across ${state.en}. Your homeowners policy will not pay for them.`,
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-flood-quote' },
          illustration: 'droplets',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is flood insurance?',
            paragraphs: [
              'Flood insurance is a separate policy that pays for damage caused by rising water. Standard homeowners, renters and business policies exclude flooding, so without this coverage most families would pay for flood repairs themselves or through loans.',
              'Most flood policies are written through the National Flood Insurance Program, which is run by FEMA and sold by local agents like us. Private flood insurers also offer policies that can provide higher limits or extra coverages. We can compare both.',
              'A flood policy has two parts. Building coverage pays to repair the structure and its systems, such as the foundation, walls, electrical and plumbing, water heater, furnace and built-in appliances. Contents coverage pays for your belongings, such as furniture, clothing and electronics. Homeowners can buy both; renters can buy contents coverage on its own.',
            ],
          },
          {
            kind: 'text',
            heading: 'More about flood insurance',
            paragraphs: [
              // Georgia history: the metro Atlanta floods of 2009
              `Flood risk is much wider than most people think. Only about 20% of American homes at risk of flooding carry flood insurance, and a large share of flood claims come from homes outside the high-risk zones on flood maps. Heavy thunderstorms, tropical systems, melting snow and clogged drainage can send water into neighborhoods that have never flooded before${stateSpecific('GA', ', as many metro Atlanta families learned in the floods of September 2009', '')}.`,
              'For insurance purposes, water damage counts as a flood only in certain conditions. A flood is a general and temporary condition in which normally dry land is partly or completely under water, covering two or more acres of that land or two or more properties, at least one of them yours. The water can come from an overflowing river, lake or tidal water, from unusually fast runoff of rainwater, or from a mudflow.',
              'That definition is why a burst pipe is a homeowners claim while water pouring in from a flooded street is a flood claim. It also explains why your neighbors’ situation matters: if the water reaches only your property and no one else’s, the loss may be treated differently.',
            ],
            list: [
              'A new flood policy usually has a 30-day waiting period before coverage starts, with some exceptions such as buying a home with a new mortgage.',
              'If your home is in a high-risk flood zone and has a federally backed mortgage, your lender must require flood insurance.',
              'Federal program limits reach $250,000 for a home’s building and $100,000 for its contents; higher amounts are available through excess or private flood policies.',
              'Flood coverage for basements is limited, so belongings stored there may not be covered.',
            ],
          },
        ],
        form: {
          anchor: 'property-flood-quote',
          heading: 'Request your flood insurance quote',
          intro:
            'Tell us about the building and the coverage amounts you want. We check your flood zone, compare federal and private options and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro contra inundaciones en ${state.es}`,
          description: `Seguro contra inundaciones en ${state.es}: qué se considera inundación, qué pagan las coberturas de edificio y contenido, y por qué su póliza de casa no lo cubre.`,
        },
        hero: {
          title: 'Seguro contra inundaciones',
          tagline: `Junto a ríos, arroyos y calles bajas, y en vecindarios que nunca se habían inundado, en todo ${state.es} hay inundaciones. Su póliza de propietario de vivienda no las paga.`,
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#property-flood-quote' },
          illustration: 'droplets',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro contra inundaciones?',
            paragraphs: [
              'El seguro contra inundaciones es una póliza aparte que paga los daños causados por la crecida del agua. Las pólizas estándar de propietario de vivienda, de inquilino y de negocios excluyen las inundaciones, así que sin esta cobertura la mayoría de las familias tendrían que pagar las reparaciones de su bolsillo o con préstamos.',
              'La mayoría de las pólizas contra inundaciones se emiten a través del Programa Nacional de Seguro contra Inundaciones (NFIP), que administra FEMA y que venden agentes locales como nosotros. Las aseguradoras privadas también ofrecen pólizas contra inundaciones que pueden dar límites más altos o coberturas adicionales. Podemos comparar ambas opciones.',
              'Una póliza contra inundaciones tiene dos partes. La cobertura del edificio paga la reparación de la estructura y sus sistemas, como los cimientos, las paredes, la instalación eléctrica y la plomería, el calentador de agua, la calefacción y los electrodomésticos empotrados. La cobertura del contenido paga sus pertenencias, como muebles, ropa y aparatos electrónicos. Los propietarios pueden comprar ambas; los inquilinos pueden comprar solo la cobertura del contenido.',
            ],
          },
          {
            kind: 'text',
            heading: 'Más sobre el seguro contra inundaciones',
            paragraphs: [
              // Georgia history: the metro Atlanta floods of 2009
              `El riesgo de inundación es mucho más amplio de lo que la mayoría cree. Solo alrededor del 20% de las casas estadounidenses en riesgo de inundación tienen seguro contra inundaciones, y una gran parte de los reclamos por inundación provienen de casas que están fuera de las zonas de alto riesgo de los mapas de inundación. Las tormentas eléctricas fuertes, los sistemas tropicales, el deshielo y los desagües tapados pueden meter agua en vecindarios que nunca se habían inundado${stateSpecific('GA', ', como lo comprobaron muchas familias del área metropolitana de Atlanta en las inundaciones de septiembre de 2009', '')}.`,
              'Para efectos del seguro, los daños por agua cuentan como inundación solo en ciertas condiciones. Una inundación es una situación general y temporal en la que un terreno normalmente seco queda parcial o totalmente bajo el agua, cubriendo dos o más acres de ese terreno o dos o más propiedades, de las cuales al menos una es la suya. El agua puede venir del desbordamiento de un río, un lago o aguas de marea, de un escurrimiento inusualmente rápido del agua de lluvia o de un flujo de lodo.',
              'Por esa definición, una tubería reventada es un reclamo de la póliza de propietario de vivienda, mientras que el agua que entra a raudales desde una calle inundada es un reclamo por inundación. También explica por qué importa lo que les pase a sus vecinos: si el agua llega solo a su propiedad y a la de nadie más, la pérdida podría tratarse de otra manera.',
            ],
            list: [
              'Una póliza nueva contra inundaciones suele tener un período de espera de 30 días antes de que empiece la cobertura, con algunas excepciones, como cuando compra una casa con una hipoteca nueva.',
              'Si su casa está en una zona de inundación de alto riesgo y tiene una hipoteca respaldada por el gobierno federal, su prestamista debe exigirle seguro contra inundaciones.',
              'Los límites del programa federal llegan a $250,000 para el edificio de una casa y $100,000 para su contenido; hay montos más altos disponibles mediante pólizas de exceso o pólizas privadas contra inundaciones.',
              'La cobertura contra inundaciones en sótanos es limitada, así que las pertenencias que guarde allí podrían no estar cubiertas.',
            ],
          },
        ],
        form: {
          anchor: 'property-flood-quote',
          heading: 'Solicite su cotización de seguro contra inundaciones',
          intro:
            'Cuéntenos sobre el edificio y los montos de cobertura que desea. Revisamos su zona de inundación, comparamos las opciones federales y privadas y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
