import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const umbrellaPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Umbrella Insurance in ${state.en}`,
          description: `Personal umbrella insurance adds $1 million or more of liability coverage above your auto, home and boat policies to protect ${state.en} families from lawsuits.`,
        },
        hero: {
          title: 'Umbrella Insurance',
          tagline:
            'One serious accident or lawsuit can cost more than your auto and home policies will pay. An umbrella policy protects what you have worked for.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#umbrella-quote' },
          illustration: 'umbrella',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is umbrella insurance?',
            paragraphs: [
              'A personal umbrella policy is extra liability insurance. It sits on top of the liability coverage in your auto, homeowners, renters and boat policies and pays after those limits run out. It usually comes in amounts of $1 million, $2 million and up, and the first million often costs only a few hundred dollars a year.',
              'Medical bills and jury awards have grown much faster than the liability limits most people carry. If a court judgment is larger than your insurance, the difference can be collected from your savings, your home equity and even your future wages. An umbrella policy also pays for your legal defense and covers some claims your other policies do not, such as being accused of slander.',
              'Carriers usually require you to keep certain minimum liability limits on your underlying auto and home policies. We can review those policies with you and, when it makes sense, place the umbrella with the same carrier.',
            ],
          },
          {
            kind: 'text',
            heading: 'Common situations an umbrella policy protects',
            paragraphs: ['An umbrella policy can step in for claims like these:'],
            list: [
              'An auto accident you cause that seriously injures several people in another car.',
              'A slip and fall by a guest on icy steps, a wet floor or a loose board on your deck.',
              'A boating accident on the lake that injures a swimmer or damages another boat.',
              'An injury at your backyard swimming pool, including to children who come over to swim.',
              'Your dog biting a neighbor, a visitor or a delivery driver.',
              'A claim that you damaged someone’s reputation through slander or libel, including something posted online.',
              'A court judgment that exceeds the liability limits of your auto or home policy.',
            ],
            after: [
              'Families with teenage drivers, rental property, a pool or a boat, or simply a home and retirement savings to protect, are the people who benefit most from umbrella coverage.',
            ],
          },
        ],
        form: {
          anchor: 'umbrella-quote',
          heading: 'Request your umbrella insurance quote',
          intro:
            'Tell us about your vehicles, properties and driving record and the amount of coverage you want. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro paraguas (umbrella) en ${state.es}`,
          description:
            'Una póliza paraguas (umbrella) suma $1 millón o más de responsabilidad civil a sus pólizas de auto, casa y bote para proteger a su familia de las demandas.',
        },
        hero: {
          title: 'Seguro paraguas (umbrella)',
          tagline:
            'Un solo accidente grave o una demanda puede costar más de lo que pagarán sus pólizas de auto y de casa. Una póliza paraguas protege lo que tanto le ha costado ganar.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#umbrella-quote' },
          illustration: 'umbrella',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro paraguas (umbrella)?',
            paragraphs: [
              'Una póliza paraguas personal es un seguro de responsabilidad civil adicional. Se coloca por encima de la responsabilidad civil de sus pólizas de auto, de propietario de vivienda, de inquilino y de bote, y paga cuando esos límites se agotan. Por lo general viene en montos de $1 millón, $2 millones o más, y el primer millón muchas veces cuesta apenas unos cientos de dólares al año.',
              'Los gastos médicos y las indemnizaciones que otorgan los jurados han crecido mucho más rápido que los límites de responsabilidad civil que tiene la mayoría de la gente. Si una sentencia judicial supera su seguro, la diferencia se puede cobrar de sus ahorros, del valor acumulado (equity) de su casa e incluso de sus sueldos futuros. Una póliza paraguas también paga su defensa legal y cubre algunos reclamos que sus otras pólizas no cubren, como una acusación de calumnia.',
              'Las aseguradoras suelen exigir que usted mantenga ciertos límites mínimos de responsabilidad civil en sus pólizas de auto y de casa de base. Podemos revisar esas pólizas con usted y, cuando convenga, colocar la póliza paraguas con la misma aseguradora.',
            ],
          },
          {
            kind: 'text',
            heading: 'Situaciones comunes en las que protege una póliza paraguas',
            paragraphs: ['Una póliza paraguas puede responder ante reclamos como estos:'],
            list: [
              'Un accidente de auto que usted causa y en el que resultan gravemente heridas varias personas que iban en otro vehículo.',
              'Un invitado que se resbala y se cae en unos escalones con hielo, en un piso mojado o por una tabla suelta de su terraza.',
              'Un accidente de bote en el lago que lesiona a un nadador o daña otra embarcación.',
              'Una lesión en la piscina del patio de su casa, incluso de niños que vienen a nadar.',
              'La mordida de su perro a un vecino, a un visitante o a un repartidor.',
              'Un reclamo de que usted dañó la reputación de alguien por calumnia o difamación, incluso por algo publicado en internet.',
              'Una sentencia judicial que supera los límites de responsabilidad civil de su póliza de auto o de casa.',
            ],
            after: [
              'Las familias con conductores adolescentes, propiedades de alquiler, piscina o bote, o simplemente con una casa y ahorros para la jubilación que proteger, son las que más se benefician de una póliza paraguas.',
            ],
          },
        ],
        form: {
          anchor: 'umbrella-quote',
          heading: 'Solicite su cotización de seguro paraguas',
          intro:
            'Cuéntenos sobre sus vehículos, sus propiedades y su historial de manejo, y el monto de cobertura que desea. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
