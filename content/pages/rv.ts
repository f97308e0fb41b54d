import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const rvPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `RV Insurance in ${state.en}`,
          description: `RV insurance for motorhomes, travel trailers and fifth wheels in ${state.en}: liability, physical damage, belongings, campsite and full-timer coverage.`,
        },
        hero: {
          title: 'RV Insurance',
          tagline:
            'Head for the campgrounds at Stone Mountain, Tallulah Gorge or the Okefenokee with coverage for your rig and everything packed inside.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-rv-quote' },
          illustration: 'caravan',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is RV insurance?',
            paragraphs: [
              'RV insurance covers recreational vehicles that combine travel and living space: motorhomes (Class A, B and C), camper vans, travel trailers, fifth wheels, pop-up campers and truck campers. It blends the road coverage of an auto policy with some of the protection of a homeowners policy.',
              `A motorhome you drive needs liability coverage just like a car. A trailer you tow usually gets its liability from the policy on the tow vehicle, but that policy will not pay to repair the trailer itself or replace what is inside it, so most owners add physical damage and contents coverage.`,
              'How you use the RV matters. Someone who camps a few weekends a year needs a different policy from a retired couple who lives in their coach full time, and a good agent will ask.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'RV insurance coverages',
            intro: 'These are the coverages most RV owners choose from. Open each one to learn more.',
            firstOpen: false,
            items: [
              {
                title: 'Liability',
                paragraphs: [
                  'Pays for injuries and property damage you cause to others while driving your motorhome, including your legal defense. Because RVs are large and heavy, we usually recommend limits well above the state minimum.',
                ],
              },
              {
                title: 'Collision',
                paragraphs: [
                  'Pays to repair your RV after it hits another vehicle or an object, such as a low bridge, a gas station canopy or a tree at a tight campsite, minus your deductible.',
                ],
              },
              {
                title: 'Comprehensive',
                paragraphs: [
                  'Covers damage that does not come from a collision: theft, fire, hail, wind, falling trees, flooding, vandalism and animals. It protects the RV on the road and while it sits in storage.',
                ],
              },
              {
                title: 'Uninsured and underinsured motorist',
                paragraphs: [
                  'Pays for injuries to you and your passengers when the driver at fault has no insurance or too little to cover the harm.',
                ],
              },
              {
                title: 'Personal belongings',
                paragraphs: [
                  'Covers the things you carry in the RV, such as clothing, cookware, electronics, bicycles and camping gear, against theft and damage. Your homeowners policy may cover only part of their value while they are away from home.',
                ],
              },
              {
                title: 'Vacation and campsite liability',
                paragraphs: [
                  'Protects you when the RV is parked and set up as a temporary home, for example if a guest trips over your awning stake or is burned by your campfire. Full-timers can add broader full-timer coverage that works more like a homeowners policy.',
                ],
              },
              {
                title: 'Emergency expenses and roadside assistance',
                paragraphs: [
                  'Pays for towing, tire changes, fuel delivery and lockout help, which for a large rig can cost far more than for a car. Emergency expense coverage helps with hotel rooms, meals and travel home if a covered loss leaves you stranded far from home.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'vehicle-rv-quote',
          heading: 'Request your RV insurance quote',
          intro:
            'Tell us about your RV, how often you travel and who drives. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de casa rodante (RV) en ${state.es}`,
          description: `Seguro de casa rodante (RV) en ${state.es}: responsabilidad civil, daños físicos, pertenencias, campamento y vida a tiempo completo para motorhomes y tráileres.`,
        },
        hero: {
          title: 'Seguro de casa rodante (RV)',
          tagline:
            'Vaya rumbo a los campamentos de Stone Mountain, Tallulah Gorge o el pantano de Okefenokee con cobertura para su RV y todo lo que lleva adentro.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#vehicle-rv-quote' },
          illustration: 'caravan',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de casa rodante (RV)?',
            paragraphs: [
              'El seguro de RV cubre los vehículos recreativos que combinan viaje y espacio para vivir: motorhomes (clases A, B y C), camper vans, tráileres de viaje, remolques de quinta rueda, campers plegables (pop-up) y campers para camioneta. Combina la cobertura en carretera de una póliza de auto con parte de la protección de una póliza de propietario de vivienda.',
              `Un motorhome que usted maneja necesita cobertura de responsabilidad civil igual que un auto. Un tráiler que usted remolca normalmente recibe la responsabilidad civil de la póliza del vehículo que lo jala, pero esa póliza no paga la reparación del propio tráiler ni el reemplazo de lo que lleva adentro, por eso la mayoría de los dueños agregan cobertura de daños físicos y de contenido.`,
              'La forma en que usa su RV importa. Quien acampa unos cuantos fines de semana al año necesita una póliza distinta a la de una pareja jubilada que vive en su casa rodante todo el año, y un buen agente se lo va a preguntar.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Coberturas del seguro de RV',
            intro:
              'Estas son las coberturas entre las que elige la mayoría de los dueños de RV. Abra cada una para saber más.',
            firstOpen: false,
            items: [
              {
                title: 'Responsabilidad civil',
                paragraphs: [
                  'Paga las lesiones y los daños a la propiedad que usted les cause a otros mientras maneja su motorhome, incluida su defensa legal. Como las casas rodantes son grandes y pesadas, normalmente recomendamos límites muy por encima del mínimo estatal.',
                ],
              },
              {
                title: 'Colisión',
                paragraphs: [
                  'Paga la reparación de su RV, menos su deducible, cuando choca con otro vehículo o con un objeto, como un puente bajo, el techo de una gasolinera o un árbol en un campamento estrecho.',
                ],
              },
              {
                title: 'Cobertura integral (comprehensive)',
                paragraphs: [
                  'Cubre los daños que no provienen de un choque: robo, incendio, granizo, viento, caída de árboles, inundaciones, vandalismo y animales. Protege la casa rodante en la carretera y mientras está guardada.',
                ],
              },
              {
                title: 'Conductor sin seguro o con seguro insuficiente',
                paragraphs: [
                  'Paga las lesiones suyas y de sus pasajeros cuando el conductor culpable no tiene seguro o tiene muy poco para cubrir el daño.',
                ],
              },
              {
                title: 'Pertenencias personales',
                paragraphs: [
                  'Cubre contra robo y daños las cosas que usted lleva en la casa rodante, como ropa, utensilios de cocina, aparatos electrónicos, bicicletas y equipo para acampar. Es posible que su póliza de propietario de vivienda cubra solo una parte de su valor mientras están fuera de casa.',
                ],
              },
              {
                title: 'Responsabilidad civil en vacaciones y en el campamento',
                paragraphs: [
                  'Lo protege cuando la casa rodante está estacionada e instalada como vivienda temporal, por ejemplo si un invitado se tropieza con la estaca de su toldo o se quema con su fogata. Quienes viven en su RV a tiempo completo pueden agregar una cobertura más amplia para residentes de tiempo completo (full-timer), que funciona más como una póliza de propietario de vivienda.',
                ],
              },
              {
                title: 'Gastos de emergencia y asistencia vial',
                paragraphs: [
                  'Paga el remolque, el cambio de llantas, la entrega de combustible y la ayuda si se queda afuera con las llaves adentro, servicios que para un vehículo tan grande pueden costar mucho más que para un auto. La cobertura de gastos de emergencia ayuda con cuartos de hotel, comidas y el viaje de regreso si una pérdida cubierta lo deja varado lejos de casa.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'vehicle-rv-quote',
          heading: 'Solicite su cotización de seguro de RV',
          intro:
            'Cuéntenos sobre su casa rodante, con qué frecuencia viaja y quién la maneja. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
