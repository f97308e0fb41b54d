import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { people, state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const finalExpensePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Final Expense Insurance in ${state.en}`,
          description: `Final expense insurance for older ${people.en}: a small whole life policy, usually with no medical exam, that pays for the funeral and last bills.`,
        },
        hero: {
          title: 'Final Expense Insurance',
          tagline:
            'Spare the people you love from paying for your funeral. Lock in a small, permanent benefit that is there when they need it.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#final-expense-form' },
          illustration: 'flower',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is final expense insurance?',
            paragraphs: [
              'Final expense insurance, sometimes called burial insurance, is a small whole life policy designed to pay for the costs that come at the end of life. A traditional funeral with burial often costs $8,000 to $10,000 or more, and families frequently face medical bills, credit card balances and other debts at the same time.',
              'Most policies pay a benefit between $5,000 and $25,000. Applying is simple: there is usually no medical exam, just a few health questions, and many people are approved quickly. For those with serious health conditions, guaranteed acceptance policies are available, though they typically pay the full benefit only after the policy has been in force for two or three years.',
              'Because it is whole life insurance, the premium is fixed and never goes up, the coverage does not expire as long as premiums are paid, and the policy builds a small cash value. Final expense plans are written for older adults and can cover people up to age 100.',
            ],
            list: [
              'The benefit goes directly to your beneficiary, usually within days of a claim, not through probate.',
              'Your family may use the money for anything: a funeral, burial or cremation, a headstone, travel for relatives, or unpaid bills.',
              'Choosing a policy now also gives you the chance to share your wishes, so no one has to guess later.',
            ],
          },
        ],
        form: {
          anchor: 'final-expense-form',
          heading: 'Request your final expense quote',
          intro:
            'Tell us your date of birth and how to reach you. We compare carriers and get back to you within one business hour, with no obligation.',
        },
      },
      es: {
        meta: {
          title: `Seguro de gastos finales en ${state.es}`,
          description: `Seguro de gastos finales para adultos mayores en ${state.es}: póliza pequeña de vida entera, casi siempre sin examen médico, para el funeral y las últimas cuentas.`,
        },
        hero: {
          title: 'Seguro de gastos finales',
          tagline:
            'Evíteles a sus seres queridos el costo de su funeral. Asegure un beneficio pequeño y permanente que esté ahí cuando lo necesiten.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#final-expense-form' },
          illustration: 'flower',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de gastos finales?',
            paragraphs: [
              'El seguro de gastos finales, también conocido como seguro funerario o de entierro, es una póliza de vida entera pequeña diseñada para pagar los gastos que llegan al final de la vida. Un funeral tradicional con entierro muchas veces cuesta de $8,000 a $10,000 o más, y con frecuencia las familias tienen que enfrentar al mismo tiempo cuentas médicas, saldos de tarjetas de crédito y otras deudas.',
              'La mayoría de las pólizas pagan un beneficio de entre $5,000 y $25,000. La solicitud es sencilla: por lo general no hay examen médico, solo unas cuantas preguntas de salud, y muchas personas son aprobadas rápidamente. Para quienes tienen problemas de salud graves existen pólizas de aceptación garantizada, aunque normalmente pagan el beneficio completo solo después de que la póliza ha estado vigente dos o tres años.',
              'Como es un seguro de vida entera, la prima es fija y nunca sube, la cobertura no vence mientras se paguen las primas y la póliza acumula un pequeño valor en efectivo. Los planes de gastos finales están pensados para adultos mayores y pueden cubrir a personas de hasta 100 años.',
            ],
            list: [
              'El beneficio va directamente a su beneficiario, por lo general a los pocos días del reclamo, sin pasar por el proceso de sucesión (probate).',
              'Su familia puede usar el dinero para lo que necesite: un funeral, un entierro o una cremación, una lápida, el viaje de familiares o cuentas pendientes.',
              'Elegir una póliza ahora también le da la oportunidad de dar a conocer sus deseos, para que nadie tenga que adivinarlos después.',
            ],
          },
        ],
        form: {
          anchor: 'final-expense-form',
          heading: 'Solicite su cotización de seguro de gastos finales',
          intro:
            'Díganos su fecha de nacimiento y cómo comunicarnos con usted. Comparamos aseguradoras y le respondemos dentro de una hora hábil, sin ningún compromiso.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
