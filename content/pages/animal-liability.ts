import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const animalLiabilityPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Animal Liability Insurance',
          description: `Animal liability insurance for ${state.en} dog owners, horse owners, farms and pet businesses: bites, injuries and property damage. Ask for a free quote today.`,
        },
        hero: {
          title: 'Animal Liability Insurance',
          tagline:
            'You know your animals are family. If one of them ever hurts someone, the right coverage keeps a bad moment from becoming a financial one.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#animal-liability-quote' },
          illustration: 'dog',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is animal liability insurance?',
            paragraphs: [
              'Animal liability insurance pays when an animal you own or are responsible for injures a person or damages someone else’s property. It covers the injured person’s medical bills or repairs and pays for your legal defense if you are sued.',
              'Many homeowners and renters policies limit or exclude these claims, especially for certain dog breeds, dogs with a bite history, horses and livestock. A separate animal liability policy closes that gap.',
            ],
          },
          {
            kind: 'text',
            heading: 'Who it is for',
            paragraphs: [`We help ${state.en} families and businesses such as:`],
            list: [
              'Dog owners whose breed is excluded or surcharged by their home insurer.',
              'Horse owners who trail ride, show or let friends ride their horses.',
              'Small farms with cattle, goats or other livestock near roads and neighbors.',
              'Pet businesses: groomers, trainers, pet sitters, dog walkers and boarding kennels.',
            ],
            after: [
              'Limits, deductibles and exclusions differ from carrier to carrier. Tell us about your animals and how they are kept, and we will explain exactly what each option covers.',
            ],
          },
        ],
        form: {
          anchor: 'animal-liability-quote',
          heading: 'Request your animal liability quote',
          intro:
            'Let us know when you would like coverage to start and tell us about your animals in the notes. We reply within one business hour.',
        },
      },
      es: {
        meta: {
          title: 'Seguro de responsabilidad por animales',
          description: `Seguro de responsabilidad por animales en ${state.es} para dueños de perros y caballos, granjas y negocios de mascotas: mordidas, lesiones y daños. Cotice gratis.`,
        },
        hero: {
          title: 'Seguro de responsabilidad por animales',
          tagline:
            'Sabemos que sus animales son parte de la familia. Si alguno llega a lastimar a alguien, la cobertura adecuada evita que un mal momento se convierta en un problema económico.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#animal-liability-quote' },
          illustration: 'dog',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de responsabilidad por animales?',
            paragraphs: [
              'El seguro de responsabilidad por animales paga cuando un animal que es suyo o que está a su cargo lesiona a una persona o daña la propiedad de otra. Cubre las cuentas médicas o las reparaciones de la persona afectada y paga su defensa legal si usted recibe una demanda.',
              'Muchas pólizas de casa y de inquilinos limitan o excluyen estos reclamos, sobre todo con ciertas razas de perros, perros que ya han mordido antes, caballos y ganado. Una póliza aparte de responsabilidad por animales cubre ese hueco.',
            ],
          },
          {
            kind: 'text',
            heading: '¿Para quién es?',
            paragraphs: [`Ayudamos a familias y negocios de ${state.es} como estos:`],
            list: [
              'Dueños de perros cuya raza está excluida o tiene un recargo en su seguro de casa.',
              'Dueños de caballos que salen a cabalgar por senderos, participan en exhibiciones o dejan que sus amigos los monten.',
              'Pequeñas granjas con vacas, cabras u otro ganado cerca de caminos y vecinos.',
              'Negocios de mascotas: peluquerías caninas, entrenadores, cuidadores de mascotas, paseadores de perros y pensiones para perros.',
            ],
            after: [
              'Los límites, los deducibles y las exclusiones cambian de una aseguradora a otra. Cuéntenos sobre sus animales y cómo los tiene, y le explicaremos exactamente qué cubre cada opción.',
            ],
          },
        ],
        form: {
          anchor: 'animal-liability-quote',
          heading: 'Solicite su cotización de responsabilidad por animales',
          intro:
            'Díganos cuándo quiere que empiece la cobertura y háblenos de sus animales en las notas. Le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
