import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const boatPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Boat Insurance in ${state.en}`,
          description: `Boat insurance in ${state.en} for lakes, rivers and the sea: hull damage, liability, theft and trailer coverage. Ask for a free boat quote.`,
        },
        hero: {
          title: 'Boat Insurance',
          tagline:
            'Spend your weekends on the lake, the river or the sea, not worrying about what could go wrong on the water.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-boat-quote' },
          illustration: 'ship',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is boat insurance?',
            paragraphs: [
              'Boat insurance is a policy written for watercraft. It pays to repair or replace your boat after a covered loss, and it protects you when someone else is hurt or their property is damaged because of how your boat was used.',
              'A homeowners policy usually stops at small boats and low dollar amounts, and it rarely covers liability on the water. A boat policy fills that gap for motorboats, sailboats, pontoons, jet skis and fishing boats alike.',
            ],
          },
          {
            kind: 'text',
            heading: 'What a boat policy can cover',
            paragraphs: [
              'Every boat and owner is different, so we build the policy around how you use the water. Common parts are:',
            ],
            list: [
              'Physical damage to the hull, motor and equipment from collisions, storms, fire and sinking.',
              'Theft of the boat, its motor or permanently attached gear.',
              'Liability when your boat injures someone or damages a dock or another vessel.',
              'Medical payments for you and your passengers.',
              'Uninsured boaters, when the other operator has no coverage.',
              'Your trailer, fishing equipment and personal items on board.',
              'Towing and on-water assistance if you break down.',
            ],
          },
        ],
        form: {
          anchor: 'vehicle-boat-quote',
          heading: 'Request your boat insurance quote',
          intro:
            'Tell us about your boat and who drives it. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de bote en ${state.es}`,
          description: `Seguro de bote en ${state.es} para lagos, ríos y el mar: daños al casco, responsabilidad civil, robo y cobertura del tráiler. Pida su cotización de bote gratis.`,
        },
        hero: {
          title: 'Seguro de bote',
          tagline:
            'Disfrute sus fines de semana en el lago, el río o el mar sin preocuparse por lo que podría salir mal en el agua.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#vehicle-boat-quote' },
          illustration: 'ship',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de bote?',
            paragraphs: [
              'El seguro de bote es una póliza diseñada para embarcaciones. Paga la reparación o el reemplazo de su bote después de una pérdida cubierta, y lo protege cuando otra persona sale lesionada o sus bienes resultan dañados por la forma en que se usó su bote.',
              'Una póliza de propietario de vivienda suele limitarse a botes pequeños y montos bajos, y rara vez cubre la responsabilidad civil en el agua. Una póliza de bote llena ese vacío, tanto para lanchas de motor y veleros como para pontones, motos acuáticas y botes de pesca.',
            ],
          },
          {
            kind: 'text',
            heading: 'Lo que puede cubrir una póliza de bote',
            paragraphs: [
              'Cada bote y cada dueño son diferentes, así que armamos la póliza según la forma en que usted disfruta el agua. Estas son las coberturas más comunes:',
            ],
            list: [
              'Daños físicos al casco, el motor y el equipo por choques, tormentas, incendio o hundimiento.',
              'Robo del bote, de su motor o del equipo instalado de forma permanente.',
              'Responsabilidad civil cuando su bote lesiona a alguien o daña un muelle u otra embarcación.',
              'Pagos médicos para usted y sus pasajeros.',
              'Navegantes sin seguro, cuando el otro operador no tiene cobertura.',
              'Su tráiler, su equipo de pesca y sus objetos personales a bordo.',
              'Remolque y asistencia en el agua si su bote se descompone.',
            ],
          },
        ],
        form: {
          anchor: 'vehicle-boat-quote',
          heading: 'Solicite su cotización de seguro de bote',
          intro:
            'Cuéntenos sobre su bote y quién lo maneja. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
