import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const rentersPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Renters Insurance in ${state.en}`,
          description: `Renters insurance for ${state.en} apartments and rental homes: your belongings, personal liability and living costs if you have to move out after a loss.`,
        },
        hero: {
          title: 'Renters Insurance',
          tagline:
            'Your landlord insures the building, not your things. For about the cost of a few coffees a month, protect everything you own.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-renters-quote' },
          illustration: 'key',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is renters insurance?',
            paragraphs: [
              'Renters insurance protects people who rent an apartment, house, townhome, duplex or mobile home. Your landlord’s policy covers the building and the landlord’s liability, but it does not pay for your furniture, clothes or electronics, and it does not protect you if you cause damage or someone is hurt in your home.',
              'A renters policy has three main parts. Personal property coverage pays to replace your belongings after fire, smoke, theft, vandalism, windstorm, lightning or water from a burst pipe, including things stolen from your car or while you travel. Liability coverage pays if you are responsible for injuring someone or damaging their property, for example if your bathtub overflows into the unit below. Loss of use coverage pays for a hotel and other extra costs if a covered loss forces you to move out while repairs are made.',
              `Many ${state.en} landlords and apartment communities now require renters insurance in the lease. A policy often costs less than a dollar a day, and you can usually save by placing it with the same carrier as your auto insurance.`,
            ],
          },
          {
            kind: 'text',
            heading: 'How much renters insurance do I need?',
            paragraphs: [
              'Start with your belongings. Walk through each room and estimate what it would cost to replace everything at today’s prices: furniture, clothing, shoes, kitchenware, electronics, bedding, tools and sports gear. Most people are surprised to find the total is $20,000 or more, even in a small apartment. Photos or a short video of each room make this easier and help with a claim later.',
              'Then choose a liability limit. We suggest at least $100,000, and $300,000 or more if you have savings, a good income or a dog, since a single injury claim can easily exceed a smaller limit.',
            ],
            list: [
              'Ask for replacement cost coverage, which pays for new items, rather than actual cash value, which subtracts depreciation.',
              'Pick a deductible you could pay tomorrow without strain, such as $500 or $1,000. A higher deductible lowers the premium.',
              'Jewelry, watches, firearms and collectibles have lower limits for theft. Schedule expensive items separately for their full value.',
              'Roommates usually need their own policies unless the carrier lets you list each other by name.',
              'Renters policies do not cover floods. A separate flood policy can cover your contents.',
            ],
          },
        ],
        form: {
          anchor: 'property-renters-quote',
          heading: 'Request your renters insurance quote',
          intro:
            'Tell us about your rental and the coverage you want. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de inquilino en ${state.es}`,
          description: `Seguro de inquilino para apartamentos y casas de alquiler en ${state.es}: sus pertenencias, su responsabilidad civil y gastos de vivienda si tiene que mudarse.`,
        },
        hero: {
          title: 'Seguro de inquilino',
          tagline:
            'El seguro de su arrendador cubre el edificio, no sus cosas. Por lo que cuestan unos cuantos cafés al mes, proteja todo lo que tiene.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#property-renters-quote' },
          illustration: 'key',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de inquilino?',
            paragraphs: [
              'El seguro de inquilino protege a las personas que alquilan un apartamento, una casa, un townhome, un dúplex o una casa móvil. La póliza de su arrendador cubre el edificio y la responsabilidad civil del arrendador, pero no paga sus muebles, su ropa ni sus aparatos electrónicos, y no lo protege a usted si causa daños o si alguien se lesiona en su casa.',
              'Una póliza de inquilino tiene tres partes principales. La cobertura de bienes personales paga el reemplazo de sus pertenencias después de un incendio, humo, robo, vandalismo, vendaval, rayo o agua de una tubería reventada, incluidas las cosas que le roben del auto o mientras está de viaje. La cobertura de responsabilidad civil paga si usted es responsable de lesionar a alguien o de dañar sus bienes, por ejemplo si su bañera se desborda y el agua pasa a la unidad de abajo. La cobertura de pérdida de uso paga un hotel y otros gastos adicionales si una pérdida cubierta lo obliga a salir de su vivienda mientras se hacen las reparaciones.',
              `Hoy muchos arrendadores y complejos de apartamentos en ${state.es} exigen el seguro de inquilino en el contrato de arrendamiento. Una póliza suele costar menos de un dólar al día, y por lo general puede ahorrar si la contrata con la misma aseguradora de su seguro de auto.`,
            ],
          },
          {
            kind: 'text',
            heading: '¿Cuánto seguro de inquilino necesito?',
            paragraphs: [
              'Empiece por sus pertenencias. Recorra cada cuarto y calcule cuánto costaría reemplazarlo todo a precios de hoy: muebles, ropa, zapatos, artículos de cocina, aparatos electrónicos, ropa de cama, herramientas y equipo deportivo. A la mayoría de las personas les sorprende que el total llegue a $20,000 o más, incluso en un apartamento pequeño. Unas fotos o un video corto de cada cuarto facilitan este cálculo y le ayudan más adelante si tiene que presentar un reclamo.',
              'Luego elija un límite de responsabilidad civil. Le sugerimos al menos $100,000, y $300,000 o más si tiene ahorros, buenos ingresos o un perro, ya que un solo reclamo por lesiones puede superar fácilmente un límite menor.',
            ],
            list: [
              'Pida cobertura de costo de reposición, que paga artículos nuevos, en lugar de valor real en efectivo, que descuenta la depreciación.',
              'Elija un deducible que pueda pagar mañana mismo sin apuros, como $500 o $1,000. Un deducible más alto baja la prima.',
              'Las joyas, los relojes, las armas de fuego y los artículos de colección tienen límites más bajos en caso de robo. Asegure por separado los artículos caros por su valor completo.',
              'Por lo general, cada compañero de cuarto necesita su propia póliza, a menos que la aseguradora les permita incluirse mutuamente por nombre.',
              'Las pólizas de inquilino no cubren inundaciones. Una póliza aparte contra inundaciones puede cubrir sus pertenencias.',
            ],
          },
        ],
        form: {
          anchor: 'property-renters-quote',
          heading: 'Solicite su cotización de seguro de inquilino',
          intro:
            'Cuéntenos sobre la vivienda que alquila y la cobertura que desea. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
