import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const vehiclePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Vehicle Insurance in ${state.en}`,
          description: `Insurance for everything you drive or ride in ${state.en}: cars, ATVs, boats, classic cars, motorcycles and RVs, compared across several carriers.`,
        },
        hero: {
          title: 'Vehicle Insurance',
          tagline:
            'From the daily commute on I-85 to a weekend on the lake or the trail, one local agency can cover every vehicle your family owns.',
          button: { label: 'Get your insurance quote', href: '/get-a-quote' },
          illustration: 'car',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is Vehicles Insurance?',
            paragraphs: [
              'Vehicle insurance is the family of policies that protect the things you drive, ride or tow. Each policy does two jobs: it pays for the harm you may cause to other people and their property, and it can pay to repair or replace your own vehicle after a crash, a storm, a fire or a theft.',
              `${stateSpecific('GA', `${state.en} requires liability insurance on every car and motorcycle registered in the state.`, 'Almost every state requires liability insurance on the cars and motorcycles registered there.')} Boats, ATVs and campers are not always required to carry coverage, but a single accident with any of them can cost far more than the policy would. Lenders also ask for physical damage coverage on anything they finance.`,
              'Because we are an independent agency, we are not tied to one company. We compare several carriers, explain what each quote includes, and can often place more than one vehicle with the same carrier for a multi-policy discount.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Core Coverage Areas',
            intro: 'Choose a vehicle to see what its policy covers and to request a quote.',
            cards: [
              {
                title: 'Auto Insurance',
                text: 'Liability, collision, comprehensive and uninsured motorist coverage for the cars, trucks and vans your household drives every day.',
                href: '/insurance/vehicle/auto',
                icon: 'car',
              },
              {
                title: 'ATV Insurance',
                text: 'Protection for four-wheelers, side-by-sides and other off-road machines, on the farm, in the woods or at the trail park.',
                href: '/insurance/vehicle/atv',
                icon: 'tractor',
              },
              {
                title: 'Boat Insurance',
                text: 'Coverage for fishing boats, pontoons, sailboats and personal watercraft, including liability on the water and your trailer.',
                href: '/insurance/vehicle/boat',
                icon: 'ship',
              },
              {
                title: 'Classic Car Insurance',
                text: 'Agreed-value coverage for antique, vintage and collectible cars that are driven to shows and on weekends, not to work.',
                href: '/insurance/vehicle/classic-car',
                icon: 'classic-car',
              },
              {
                title: 'Motorcycle Insurance',
                text: 'Liability and physical damage coverage for street bikes, cruisers, touring bikes and scooters, plus your custom parts and gear.',
                href: '/insurance/vehicle/motorcycle',
                icon: 'motorbike',
              },
              {
                title: 'RV Insurance',
                text: 'Coverage for motorhomes, travel trailers and fifth wheels, whether you camp a few weekends a year or live on the road.',
                href: '/insurance/vehicle/rv',
                icon: 'caravan',
              },
            ],
          },
        ],
      },
      es: {
        meta: {
          title: `Seguro de vehículos en ${state.es}`,
          description: `Seguro para todo lo que usted maneja en ${state.es}: autos, ATV, botes, autos clásicos, motocicletas y casas rodantes, comparando varias aseguradoras.`,
        },
        hero: {
          title: 'Seguro de vehículos',
          tagline:
            'Desde el trayecto diario por la I-85 hasta un fin de semana en el lago o en los senderos, una sola agencia local puede asegurar todos los vehículos de su familia.',
          button: { label: 'Obtenga su cotización', href: '/get-a-quote' },
          illustration: 'car',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de vehículos?',
            paragraphs: [
              'El seguro de vehículos reúne las pólizas que protegen lo que usted maneja, conduce o remolca. Cada póliza cumple dos funciones: paga los daños que usted pueda causarles a otras personas y a sus bienes, y puede pagar la reparación o el reemplazo de su propio vehículo después de un choque, una tormenta, un incendio o un robo.',
              `${stateSpecific('GA', `En ${state.es}, todo auto y toda motocicleta registrados en el estado deben tener seguro de responsabilidad civil.`, 'Casi todos los estados exigen seguro de responsabilidad civil para los autos y las motocicletas registrados en ellos.')} Los botes, los vehículos todo terreno (ATV) y los campers no siempre están obligados a tener cobertura, pero un solo accidente con cualquiera de ellos puede costar mucho más que la póliza. Además, los prestamistas exigen cobertura de daños físicos para todo lo que financian.`,
              'Como somos una agencia independiente, no dependemos de una sola compañía. Comparamos varias aseguradoras, le explicamos qué incluye cada cotización y muchas veces podemos asegurar más de un vehículo con la misma compañía para que usted reciba un descuento por tener varias pólizas.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Principales áreas de cobertura',
            intro: 'Elija un vehículo para ver qué cubre su póliza y pedir una cotización.',
            cards: [
              {
                title: 'Seguro de auto',
                text: 'Responsabilidad civil, colisión, cobertura integral y conductor sin seguro para los autos, camionetas y vans que su familia maneja todos los días.',
                href: '/insurance/vehicle/auto',
                icon: 'car',
              },
              {
                title: 'Seguro de vehículo todo terreno (ATV)',
                text: 'Protección para cuatrimotos, side-by-sides y otras máquinas todoterreno, ya sea en la granja, en el monte o en un parque de senderos.',
                href: '/insurance/vehicle/atv',
                icon: 'tractor',
              },
              {
                title: 'Seguro de bote',
                text: 'Cobertura para botes de pesca, pontones, veleros y motos acuáticas, incluida la responsabilidad civil en el agua y su tráiler.',
                href: '/insurance/vehicle/boat',
                icon: 'ship',
              },
              {
                title: 'Seguro de auto clásico',
                text: 'Cobertura de valor acordado para autos antiguos, de época y de colección que se usan para exhibiciones y los fines de semana, no para ir al trabajo.',
                href: '/insurance/vehicle/classic-car',
                icon: 'classic-car',
              },
              {
                title: 'Seguro de motocicleta',
                text: 'Responsabilidad civil y cobertura de daños físicos para motos de calle, cruiser, de turismo y scooters, además de sus piezas personalizadas y su equipo.',
                href: '/insurance/vehicle/motorcycle',
                icon: 'motorbike',
              },
              {
                title: 'Seguro de casa rodante (RV)',
                text: 'Cobertura para motorhomes, tráileres de viaje y remolques de quinta rueda, ya sea que acampe unos cuantos fines de semana al año o viva en la carretera.',
                href: '/insurance/vehicle/rv',
                icon: 'caravan',
              },
            ],
          },
        ],
      },
    }) satisfies Localized<ContentPage>,
)
