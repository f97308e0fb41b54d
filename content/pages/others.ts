import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const othersPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Specialty Insurance',
          description: `Specialty insurance for the risks standard policies leave out, from dog bites and horses to weddings and festivals. Your local independent agency can help.`,
        },
        hero: {
          title: 'Beyond the Basics: What is Specialty Insurance?',
          tagline:
            'Some risks do not fit neatly into a home, auto or business policy. Specialty insurance is written for exactly those situations.',
          illustration: 'shield',
        },
        blocks: [
          {
            kind: 'text',
            paragraphs: [
              'Standard policies are built for the most common risks, so they often exclude or cap the unusual ones: a dog breed on an insurer’s restricted list, a horse boarded on your farm, or a one-day festival that expects five hundred guests.',
              'Specialty insurance fills those gaps with coverage designed for a single, specific exposure. Because we work with carriers that focus on these markets, we can often place a risk that another agent turned away.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Specialty coverage we offer',
            cards: [
              {
                title: 'Animal Liability Insurance',
                text: 'Protection when a dog, horse or other animal you own or care for injures someone or damages their property.',
                href: '/insurance/others/animal-liability',
                icon: 'dog',
              },
              {
                title: 'Event Insurance',
                text: 'Liability and cancellation coverage for weddings, parties, festivals and other one-time or short events.',
                href: '/insurance/others/event',
                icon: 'party',
              },
            ],
          },
        ],
      },
      es: {
        meta: {
          title: 'Seguros especiales',
          description: `Seguros especiales para riesgos que las pólizas comunes no cubren, desde mordidas de perro y caballos hasta bodas y festivales. Una agencia de ${state.es} le ayuda.`,
        },
        hero: {
          title: 'Más allá de lo básico: ¿qué son los seguros especiales?',
          tagline:
            'Algunos riesgos no encajan bien en una póliza de casa, de auto o de negocio. Los seguros especiales están hechos precisamente para esas situaciones.',
          illustration: 'shield',
        },
        blocks: [
          {
            kind: 'text',
            paragraphs: [
              'Las pólizas comunes están hechas para los riesgos más frecuentes, por eso muchas veces excluyen o limitan los poco comunes: una raza de perro que está en la lista restringida de una aseguradora, un caballo que se hospeda en su granja o un festival de un día que espera quinientos invitados.',
              'Los seguros especiales llenan esos huecos con coberturas diseñadas para un riesgo único y específico. Como trabajamos con aseguradoras que se enfocan en estos mercados, muchas veces podemos asegurar un riesgo que otro agente rechazó.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Coberturas especiales que ofrecemos',
            cards: [
              {
                title: 'Seguro de responsabilidad por animales',
                text: 'Protección cuando un perro, un caballo u otro animal que es suyo o que usted cuida lesiona a alguien o daña su propiedad.',
                href: '/insurance/others/animal-liability',
                icon: 'dog',
              },
              {
                title: 'Seguro para eventos',
                text: 'Cobertura de responsabilidad civil y de cancelación para bodas, fiestas, festivales y otros eventos únicos o de corta duración.',
                href: '/insurance/others/event',
                icon: 'party',
              },
            ],
          },
        ],
      },
    }) satisfies Localized<ContentPage>,
)
