import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const lifePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Life and Financial Protection Insurance',
          description: `Life insurance, final expense coverage and umbrella liability policies for ${state.en} families who want to protect their income, savings and loved ones.`,
        },
        hero: {
          title: 'Life and Financial Insurance',
          tagline:
            'Plan today so the people you love are not left with bills, debts or hard choices tomorrow.',
          button: { label: 'Get your insurance quote', href: '/get-a-quote' },
          illustration: 'heart',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'Protecting your family’s financial future',
            paragraphs: [
              'Some insurance protects things; this kind protects people and money. Life insurance replaces your income or pays off a mortgage if you die too soon. Final expense coverage spares your family the cost of a funeral. An umbrella policy keeps one large lawsuit from wiping out the savings you have built.',
              'We work with several life and casualty carriers, explain the options in plain language and help you choose an amount that fits your family and your budget. There is never a charge for a quote.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Core Coverage Areas',
            intro: 'Choose a type of coverage to learn more and request a quote.',
            cards: [
              {
                title: 'Life Insurance',
                text: 'Term, whole, universal and variable universal life insurance to replace your income and provide for the people who depend on you.',
                href: '/insurance/life/life-insurance',
                icon: 'heart',
              },
              {
                title: 'Final Expense Insurance',
                text: 'A small permanent policy, usually with no medical exam, that pays for a funeral, burial or cremation and the last bills.',
                href: '/insurance/life/final-expense',
                icon: 'flower',
              },
              {
                title: 'Umbrella Insurance',
                text: 'An extra million dollars or more of liability protection above your auto, home and boat policies, for a modest yearly price.',
                href: '/insurance/life/umbrella',
                icon: 'umbrella',
              },
            ],
          },
        ],
      },
      es: {
        meta: {
          title: 'Seguro de vida y protección financiera',
          description: `Seguro de vida, de gastos finales y pólizas paraguas (umbrella) para familias de ${state.es} que quieren proteger sus ingresos, sus ahorros y a sus seres queridos.`,
        },
        hero: {
          title: 'Seguro de vida y financiero',
          tagline:
            'Planifique hoy para que las personas que ama no se queden mañana con cuentas, deudas o decisiones difíciles.',
          button: { label: 'Obtenga su cotización', href: '/get-a-quote' },
          illustration: 'heart',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'Proteja el futuro financiero de su familia',
            paragraphs: [
              'Algunos seguros protegen cosas; este tipo protege a las personas y su dinero. El seguro de vida reemplaza sus ingresos o termina de pagar la hipoteca si usted fallece antes de tiempo. El seguro de gastos finales le ahorra a su familia el costo de un funeral. Una póliza paraguas (umbrella) evita que una sola demanda grande acabe con los ahorros que usted ha construido.',
              'Trabajamos con varias aseguradoras de vida y de daños, le explicamos las opciones en palabras sencillas y le ayudamos a elegir un monto que se ajuste a su familia y a su presupuesto. Las cotizaciones nunca tienen costo.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Principales áreas de cobertura',
            intro: 'Elija un tipo de cobertura para saber más y pedir una cotización.',
            cards: [
              {
                title: 'Seguro de vida',
                text: 'Seguro de vida a término, entera, universal y universal variable para reemplazar sus ingresos y sostener a las personas que dependen de usted.',
                href: '/insurance/life/life-insurance',
                icon: 'heart',
              },
              {
                title: 'Seguro de gastos finales',
                text: 'Una póliza permanente pequeña, por lo general sin examen médico, que paga el funeral, el entierro o la cremación y las últimas cuentas.',
                href: '/insurance/life/final-expense',
                icon: 'flower',
              },
              {
                title: 'Seguro paraguas (umbrella)',
                text: 'Un millón de dólares o más de protección de responsabilidad civil adicional por encima de sus pólizas de auto, casa y bote, por un precio anual modesto.',
                href: '/insurance/life/umbrella',
                icon: 'umbrella',
              },
            ],
          },
        ],
      },
    }) satisfies Localized<ContentPage>,
)
