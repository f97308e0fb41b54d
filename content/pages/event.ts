import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const eventPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Event Insurance',
          description: `Event insurance for weddings, quinceañeras, reunions, festivals and concerts in ${state.en}: liability and cancellation coverage for one day or a weekend.`,
        },
        hero: {
          title: 'Event Insurance',
          tagline:
            'You plan every detail of the big day. Event insurance covers the details you cannot plan for, from a guest’s fall to a venue that closes its doors.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#event-quote' },
          illustration: 'party',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is event insurance?',
            paragraphs: [
              'Event insurance is short-term coverage bought for a single occasion, from a backyard birthday to a weekend festival. It comes in two main parts, and you can buy one or both.',
            ],
            list: [
              'Event liability pays when a guest is injured or the venue’s property is damaged during your event, including your legal defense.',
              'Event cancellation can reimburse the deposits and costs you cannot recover if severe weather, a vendor that fails to show up, or a serious illness forces you to cancel or postpone.',
            ],
            after: [
              'Host liquor liability can be added when alcohol is served, even if you are not selling it. It protects you when an intoxicated guest causes an accident.',
            ],
          },
          {
            kind: 'text',
            heading: 'Do You Need Event Insurance?',
            paragraphs: [
              `Many venues in ${state.en} now require hosts to show a certificate of liability insurance before they confirm a booking. Even when it is not required, event coverage is worth considering if:`,
            ],
            list: [
              'You are hosting a wedding, quinceañera, anniversary party or family reunion with many guests.',
              'You have paid large deposits to a venue, caterer, photographer or band.',
              'Alcohol will be served at your event.',
              'You are organizing a public event such as a festival, fair, concert, fundraiser or sports tournament.',
              'The event takes place outdoors, where weather can change your plans.',
            ],
            after: [
              'Policies can often be bought up to the week of the event, but the sooner you ask, the more protection you get for deposits. Send us the date and venue and we will take it from there.',
            ],
          },
        ],
        form: {
          anchor: 'event-quote',
          heading: 'Request your event insurance quote',
          intro:
            'Tell us the date of your event and where it will take place. We reply within one business hour.',
        },
      },
      es: {
        meta: {
          title: 'Seguro para eventos',
          description: `Seguro para bodas, quinceañeras, reuniones, festivales y conciertos en ${state.es}: cobertura de responsabilidad civil y cancelación por un día o un fin de semana.`,
        },
        hero: {
          title: 'Seguro para eventos',
          tagline:
            'Usted planea cada detalle del gran día. El seguro para eventos cubre los detalles que no se pueden planear, desde la caída de un invitado hasta un local que cierra sus puertas.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#event-quote' },
          illustration: 'party',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro para eventos?',
            paragraphs: [
              'El seguro para eventos es una cobertura de corto plazo que se compra para una sola ocasión, desde un cumpleaños en el patio de la casa hasta un festival de fin de semana. Tiene dos partes principales, y usted puede comprar una o las dos.',
            ],
            list: [
              'La responsabilidad civil del evento paga cuando un invitado se lesiona o se dañan bienes del local durante su evento, e incluye su defensa legal.',
              'La cobertura de cancelación puede reembolsarle los depósitos y gastos que no pueda recuperar si tiene que cancelar o posponer por mal tiempo severo, un proveedor que no se presenta o una enfermedad grave.',
            ],
            after: [
              'Si se va a servir alcohol, puede agregar la responsabilidad del anfitrión por bebidas alcohólicas, aunque usted no las venda. Esta cobertura lo protege si un invitado en estado de ebriedad causa un accidente.',
            ],
          },
          {
            kind: 'text',
            heading: '¿Necesita un seguro para su evento?',
            paragraphs: [
              `Hoy en día, muchos locales de ${state.es} exigen que el anfitrión presente un certificado de seguro de responsabilidad civil antes de confirmar la reservación. Aunque no se lo exijan, vale la pena considerar una cobertura para su evento si:`,
            ],
            list: [
              'Va a celebrar una boda, una quinceañera, una fiesta de aniversario o una reunión familiar con muchos invitados.',
              'Ha pagado depósitos grandes al local, al servicio de banquetes, al fotógrafo o a la banda.',
              'Se va a servir alcohol en su evento.',
              'Está organizando un evento público, como un festival, una feria, un concierto, una recaudación de fondos o un torneo deportivo.',
              'El evento es al aire libre, donde el clima puede cambiar sus planes.',
            ],
            after: [
              'Muchas veces la póliza se puede comprar incluso la misma semana del evento, pero cuanto antes la pida, más protección tendrá para sus depósitos. Envíenos la fecha y el lugar, y nosotros nos encargamos del resto.',
            ],
          },
        ],
        form: {
          anchor: 'event-quote',
          heading: 'Solicite su cotización de seguro para eventos',
          intro:
            'Díganos la fecha de su evento y dónde se llevará a cabo. Le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
