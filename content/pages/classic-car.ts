import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const classicCarPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Classic Car Insurance in ${state.en}`,
          description: `Agreed-value insurance for antique, vintage, muscle and collector cars in ${state.en}, with pricing for low-mileage vehicles kept in a garage.`,
        },
        hero: {
          title: 'Classic Car Insurance',
          tagline:
            'You have put years of care into your car. Insure it for what it is really worth, not what a book says an old car should be worth.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-classic-car-quote' },
          illustration: 'classic-car',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is classic car insurance?',
            paragraphs: [
              `Classic car insurance is a specialty auto policy for vehicles that are collected, restored and shown rather than driven every day. It carries the same liability protection a regular auto policy does, so you meet ${state.en}’s requirements on the road, but it handles damage to the car itself very differently.`,
              'A standard auto policy pays the actual cash value of a totaled car, which for a 50-year-old vehicle can be a small fraction of its real market price. A classic policy is usually written on an agreed value: you and the carrier settle on the car’s worth when the policy starts, and that is the amount paid after a covered total loss, with no depreciation.',
              'Because collector cars are driven less and cared for more, classic policies often cost less than insuring the same car as a daily driver. Carriers usually ask that the car be stored in a locked garage, driven on limited mileage, and that you have another vehicle for everyday use. Many also include spare parts coverage, roadside towing to a shop of your choice, and protection on the way to and at car shows.',
            ],
          },
          {
            kind: 'text',
            heading: 'Vehicles that typically qualify',
            paragraphs: [
              'Each carrier sets its own rules on age, condition and use, but these vehicles are commonly accepted:',
            ],
            list: [
              'Antique cars, generally 25 years old or older and kept close to original condition.',
              'Classic cars from the 1950s, 1960s and 1970s, fully restored or well preserved.',
              'American muscle cars and pony cars.',
              'Hot rods, street rods and restomods built with modern parts.',
              'Vintage pickup trucks and classic SUVs.',
              'Kit cars and high-quality replicas of historic models.',
              'Former military vehicles kept for display and parades.',
              'Modern collectible, limited-production and exotic cars that are not driven daily.',
            ],
            after: [
              'Not sure your car qualifies? Send us the details below. If a classic policy is not the right fit, we can still help you insure it another way.',
            ],
          },
        ],
        form: {
          anchor: 'vehicle-classic-car-quote',
          heading: 'Request your classic car insurance quote',
          intro:
            'Tell us about your car, how you use it and who drives it. We compare specialty carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de auto clásico en ${state.es}`,
          description: `Seguro de valor acordado para autos antiguos, de época, muscle cars y de colección en ${state.es}, con precios para autos de bajo millaje guardados en garaje.`,
        },
        hero: {
          title: 'Seguro de auto clásico',
          tagline:
            'Usted ha dedicado años a cuidar su auto. Asegúrelo por lo que realmente vale, no por lo que un libro de precios dice que debería valer un carro viejo.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#vehicle-classic-car-quote' },
          illustration: 'classic-car',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de auto clásico?',
            paragraphs: [
              `El seguro de auto clásico es una póliza de auto especializada para vehículos que se coleccionan, se restauran y se exhiben en lugar de usarse todos los días. Incluye la misma protección de responsabilidad civil que una póliza de auto común, así que usted cumple con los requisitos de ${state.es} en la carretera, pero trata los daños al propio auto de una manera muy distinta.`,
              'Una póliza de auto estándar paga el valor real en efectivo de un auto declarado pérdida total, que en un vehículo de 50 años puede ser una pequeña fracción de su verdadero precio en el mercado. Una póliza de auto clásico suele hacerse por un valor acordado: usted y la aseguradora fijan cuánto vale el auto al comenzar la póliza, y esa es la cantidad que se paga después de una pérdida total cubierta, sin descontar depreciación.',
              'Como los autos de colección se manejan menos y se cuidan más, las pólizas de auto clásico muchas veces cuestan menos que asegurar el mismo auto para uso diario. Las aseguradoras suelen pedir que el auto se guarde en un garaje cerrado con llave, que se maneje con millaje limitado y que usted tenga otro vehículo para el uso de todos los días. Muchas también incluyen cobertura para piezas de repuesto, remolque en carretera hasta el taller que usted elija y protección camino a las exhibiciones de autos y durante ellas.',
            ],
          },
          {
            kind: 'text',
            heading: 'Vehículos que suelen calificar',
            paragraphs: [
              'Cada aseguradora fija sus propias reglas sobre antigüedad, estado y uso, pero estos vehículos se aceptan con frecuencia:',
            ],
            list: [
              'Autos antiguos, por lo general de 25 años o más y conservados en un estado cercano al original.',
              'Autos clásicos de las décadas de 1950, 1960 y 1970, totalmente restaurados o bien conservados.',
              'Muscle cars y pony cars estadounidenses.',
              'Hot rods, street rods y restomods construidos con piezas modernas.',
              'Camionetas pickup de época y SUV clásicas.',
              'Autos armados con kit (kit cars) y réplicas de alta calidad de modelos históricos.',
              'Antiguos vehículos militares que se conservan para exhibiciones y desfiles.',
              'Autos modernos de colección, de producción limitada y exóticos que no se manejan a diario.',
            ],
            after: [
              '¿No sabe si su auto califica? Envíenos los detalles a continuación. Si una póliza de auto clásico no es la opción adecuada, igual podemos ayudarle a asegurarlo de otra manera.',
            ],
          },
        ],
        form: {
          anchor: 'vehicle-classic-car-quote',
          heading: 'Solicite su cotización de seguro de auto clásico',
          intro:
            'Cuéntenos sobre su auto, cómo lo usa y quién lo maneja. Comparamos aseguradoras especializadas y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
