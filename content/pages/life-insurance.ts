import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const lifeInsurancePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Life Insurance in ${state.en}`,
          description: `Term, whole, universal and variable universal life insurance explained in plain language, with quotes from several carriers for ${state.en} families.`,
        },
        hero: {
          title: 'Life Insurance',
          tagline:
            'If something happened to you, would your family keep the house, pay the bills and still send the kids to college? Life insurance makes sure they can.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#life-quote' },
          illustration: 'heart',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is life insurance?',
            paragraphs: [
              'Life insurance pays a sum of money, called the death benefit, to the people you name when you die. Your beneficiaries can use it for anything: replacing your paycheck, paying off the mortgage and other debts, covering childcare or tuition, or paying for a funeral. In most cases the benefit is not subject to income tax.',
              'A common starting point is coverage of ten to twelve times your yearly income, adjusted for your debts, your savings and how many years your family would need support. The younger and healthier you are when you apply, the less it costs.',
              'There are two broad families of life insurance. Term life covers you for a set number of years. Permanent life, which includes whole, universal and variable universal life, covers you for your whole life and builds cash value you can use while you are living.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Types of life insurance',
            firstOpen: true,
            items: [
              {
                title: 'Term life insurance',
                paragraphs: [
                  'Term life covers you for a fixed period, commonly 10, 15, 20 or 30 years, with a premium that stays level for the whole term. If you die during the term, your beneficiaries receive the death benefit. If you outlive it, the coverage ends and nothing is paid.',
                  'Term gives the most coverage for the lowest price, which makes it a good fit for young families and for debts with an end date, such as a mortgage. Many term policies can be converted to permanent coverage later without a new medical exam.',
                ],
              },
              {
                title: 'Whole life insurance',
                paragraphs: [
                  'Whole life covers you for your entire life as long as premiums are paid. The premium is fixed and never goes up, the death benefit is guaranteed, and part of each payment builds a cash value that grows at a guaranteed rate on a tax-deferred basis.',
                  'You can borrow against the cash value or surrender the policy for it. Some whole life policies also pay dividends, although these are not guaranteed. Whole life costs more than term for the same death benefit, in exchange for lifetime protection and predictable growth.',
                ],
              },
              {
                title: 'Universal life insurance',
                paragraphs: [
                  'Universal life is permanent coverage with more flexibility. Within limits, you can change how much you pay and when, and you can raise or lower the death benefit as your needs change.',
                  'Your cash value earns interest at a rate the insurer sets from current market conditions, and the policy guarantees a minimum credited interest rate, typically 2%, so the cash value keeps growing even when rates are low. Because the cost of insurance is taken from the cash value, paying too little for too long can cause the policy to lapse, so it should be reviewed every few years.',
                ],
              },
              {
                title: 'Variable universal life insurance',
                paragraphs: [
                  'Variable universal life combines the flexible premiums and death benefit of universal life with investment choices. You direct the cash value into subaccounts that work much like mutual funds, such as stock, bond and money market options.',
                  'That gives the cash value more room to grow, but it can also lose value when markets fall, and there is no guaranteed minimum return on the invested portion. These policies are securities, sold with a prospectus, and suit people who are comfortable with investment risk and want to manage it over the long term.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'life-quote',
          heading: 'Request your life insurance quote',
          intro:
            'Answer a few questions about the coverage you want and your health. Your answers stay private, and we compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de vida en ${state.es}`,
          description: `Seguro de vida a término, entera, universal y universal variable explicado en palabras sencillas, con cotizaciones de varias aseguradoras en ${state.es}.`,
        },
        hero: {
          title: 'Seguro de vida',
          tagline:
            'Si algo le pasara, ¿podría su familia quedarse con la casa, pagar las cuentas y seguir mandando a los hijos a la universidad? Con un seguro de vida, sí podría.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#life-quote' },
          illustration: 'heart',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de vida?',
            paragraphs: [
              'El seguro de vida paga una suma de dinero, llamada beneficio por fallecimiento, a las personas que usted designe cuando usted fallezca. Sus beneficiarios pueden usarla para lo que necesiten: reemplazar su sueldo, terminar de pagar la hipoteca y otras deudas, cubrir el cuidado de los niños o la matrícula escolar, o pagar un funeral. En la mayoría de los casos, el beneficio no está sujeto al impuesto sobre la renta.',
              'Un punto de partida común es una cobertura de diez a doce veces sus ingresos anuales, ajustada según sus deudas, sus ahorros y los años que su familia necesitaría apoyo. Mientras más joven y saludable sea usted al solicitarlo, menos le cuesta.',
              'Hay dos grandes familias de seguro de vida. El seguro de vida a término lo cubre por un número fijo de años. El seguro de vida permanente, que incluye el de vida entera, el universal y el universal variable, lo cubre durante toda su vida y acumula un valor en efectivo que usted puede usar en vida.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Tipos de seguro de vida',
            firstOpen: true,
            items: [
              {
                title: 'Seguro de vida a término',
                paragraphs: [
                  'El seguro de vida a término lo cubre por un período fijo, comúnmente de 10, 15, 20 o 30 años, con una prima que se mantiene igual durante todo el plazo. Si usted fallece durante ese plazo, sus beneficiarios reciben el beneficio por fallecimiento. Si usted vive más allá del plazo, la cobertura termina y no se paga nada.',
                  'El seguro a término da la mayor cobertura por el precio más bajo, lo que lo hace ideal para familias jóvenes y para deudas con fecha de vencimiento, como una hipoteca. Muchas pólizas a término se pueden convertir más adelante en cobertura permanente sin un nuevo examen médico.',
                ],
              },
              {
                title: 'Seguro de vida entera',
                paragraphs: [
                  'El seguro de vida entera lo cubre durante toda su vida mientras se paguen las primas. La prima es fija y nunca sube, el beneficio por fallecimiento está garantizado y una parte de cada pago acumula un valor en efectivo que crece a una tasa garantizada y con impuestos diferidos.',
                  'Usted puede pedir un préstamo contra el valor en efectivo o cancelar la póliza para cobrarlo. Algunas pólizas de vida entera también pagan dividendos, aunque no están garantizados. El seguro de vida entera cuesta más que el de término por el mismo beneficio por fallecimiento, a cambio de protección de por vida y un crecimiento predecible.',
                ],
              },
              {
                title: 'Seguro de vida universal',
                paragraphs: [
                  'El seguro de vida universal es una cobertura permanente con más flexibilidad. Dentro de ciertos límites, usted puede cambiar cuánto paga y cuándo, y puede subir o bajar el beneficio por fallecimiento a medida que cambian sus necesidades.',
                  'Su valor en efectivo gana intereses a una tasa que la aseguradora fija según las condiciones actuales del mercado, y la póliza garantiza una tasa de interés mínima, normalmente del 2%, para que el valor en efectivo siga creciendo aun cuando las tasas estén bajas. Como el costo del seguro se descuenta del valor en efectivo, pagar muy poco durante mucho tiempo puede hacer que la póliza caduque, así que conviene revisarla cada pocos años.',
                ],
              },
              {
                title: 'Seguro de vida universal variable',
                paragraphs: [
                  'El seguro de vida universal variable combina las primas y el beneficio por fallecimiento flexibles del seguro universal con opciones de inversión. Usted dirige el valor en efectivo a subcuentas que funcionan de manera muy parecida a los fondos mutuos, con opciones como acciones, bonos y mercado monetario.',
                  'Eso le da al valor en efectivo más margen para crecer, pero también puede perder valor cuando bajan los mercados, y no hay un rendimiento mínimo garantizado sobre la parte invertida. Estas pólizas son valores (securities), se venden con un prospecto y son adecuadas para personas que se sienten cómodas con el riesgo de inversión y quieren manejarlo a largo plazo.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'life-quote',
          heading: 'Solicite su cotización de seguro de vida',
          intro:
            'Responda algunas preguntas sobre la cobertura que desea y su salud. Sus respuestas se mantienen en privado; comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
