import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const atvPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `ATV Insurance in ${state.en}`,
          description: `ATV and side-by-side insurance in ${state.en}: liability, collision, theft and medical payments for off-road riding on your land or the trail.`,
        },
        hero: {
          title: 'ATV Insurance',
          tagline: `Ride the back forty, the hunting lease or the trails in the hills knowing your machine and your wallet are protected.`,
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-atv-quote' },
          illustration: 'tractor',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is All Terrain Vehicle Insurance?',
            paragraphs: [
              'All terrain vehicle insurance is a policy written for four-wheelers, quads, side-by-sides and utility vehicles. It protects you when your ATV hurts someone or damages their property, and it can pay to repair or replace the machine after a crash, a fire or a theft.',
              `Many ${state.en} families assume their homeowners policy already covers the ATV. Usually it covers very little, and often only while the vehicle stays on your own property. Once you ride on a friend’s farm, a hunting club or a trail park, or let a neighbor’s teenager take a turn, a separate ATV policy is what responds.`,
              'A typical ATV policy can include bodily injury and property damage liability, collision, comprehensive for theft, fire, vandalism and storm damage, medical payments for riders, uninsured motorist protection, and coverage for accessories such as winches, racks, plows and riding gear.',
            ],
            after: [
              'Despite the name, an ATV policy is not only for ATVs. Depending on the carrier, the same kind of policy may also cover snowmobiles, Segways, golf carts, tracked ATVs, amphibious vehicles, go carts and certain motorcycles. Tell us what you ride and we will find the right fit.',
            ],
          },
        ],
        form: {
          anchor: 'vehicle-atv-quote',
          heading: 'Request your ATV insurance quote',
          intro:
            'Tell us about your ATV, who rides it and the coverage you want. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de vehículo todo terreno (ATV) en ${state.es}`,
          description: `Seguro de ATV y side-by-side en ${state.es}: responsabilidad civil, colisión, robo y pagos médicos para andar fuera de carretera en su terreno o en los senderos.`,
        },
        hero: {
          title: 'Seguro de vehículo todo terreno (ATV)',
          tagline: `Recorra su finca, el coto de caza o los senderos de los cerros con la tranquilidad de que su máquina y su bolsillo están protegidos.`,
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#vehicle-atv-quote' },
          illustration: 'tractor',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de vehículo todo terreno?',
            paragraphs: [
              'El seguro de vehículo todo terreno es una póliza diseñada para cuatrimotos, quads, side-by-sides y vehículos utilitarios. Lo protege cuando su ATV lesiona a alguien o daña sus bienes, y puede pagar la reparación o el reemplazo de la máquina después de un choque, un incendio o un robo.',
              `Muchas familias de ${state.es} dan por hecho que su póliza de propietario de vivienda ya cubre el ATV. Por lo general cubre muy poco, y muchas veces solo mientras el vehículo se queda en su propia propiedad. En cuanto usted sale a andar en la finca de un amigo, en un club de caza o en un parque de senderos, o deja que el hijo adolescente de un vecino dé una vuelta, la que responde es una póliza de ATV aparte.`,
              'Una póliza de ATV típica puede incluir responsabilidad civil por lesiones corporales y por daños a la propiedad, colisión, cobertura integral contra robo, incendio, vandalismo y daños por tormenta, pagos médicos para quienes lo manejan, protección contra conductores sin seguro y cobertura para accesorios como malacates (winches), parrillas portaequipaje, arados y equipo de protección.',
            ],
            after: [
              'A pesar del nombre, una póliza de ATV no es solo para ATV. Según la aseguradora, el mismo tipo de póliza también puede cubrir motos de nieve, Segways, carritos de golf, ATV de orugas, vehículos anfibios, go-karts y ciertas motocicletas. Cuéntenos qué vehículo usa y encontraremos la opción adecuada.',
            ],
          },
        ],
        form: {
          anchor: 'vehicle-atv-quote',
          heading: 'Solicite su cotización de seguro de ATV',
          intro:
            'Cuéntenos sobre su ATV, quién lo maneja y la cobertura que desea. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
