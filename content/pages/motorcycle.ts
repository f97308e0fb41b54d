import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const motorcyclePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Motorcycle Insurance in ${state.en}`,
          description: `Motorcycle insurance for ${state.en} riders: liability, collision, comprehensive, uninsured motorist, custom parts and roadside help. Free quotes.`,
        },
        hero: {
          title: 'Motorcycle Insurance',
          tagline:
            'From a Sunday ride through the mountain curves near Dahlonega to the daily commute, ride with coverage built for two wheels.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-motorcycle-quote' },
          illustration: 'motorbike',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is motorcycle insurance?',
            paragraphs: [
              // Georgia law: the minimum limits
              stateSpecific(
                'GA',
                `Motorcycle insurance protects you, your bike and other people on the road. ${state.en} requires motorcycles to carry the same minimum liability as cars: $25,000 of bodily injury coverage per person, $50,000 per accident and $25,000 of property damage. Your lender will also require physical damage coverage on a financed bike.`,
                `Motorcycle insurance protects you, your bike and other people on the road. ${state.en} law sets the least liability coverage a registered motorcycle must carry, and we will tell you what it is. Your lender will also require physical damage coverage on a financed bike.`,
              ),
              'Riders face risks that drivers do not. Injuries in a motorcycle crash tend to be more serious, passengers ride closer to harm, and aftermarket parts can be worth thousands of dollars. A good policy is built around how, where and how often you ride, and many carriers let you lower the premium during the months your bike stays in the garage.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Motorcycle insurance coverages',
            intro:
              'A motorcycle policy is assembled from the coverages below. Open each one to see what it pays for.',
            firstOpen: false,
            items: [
              {
                title: 'Bodily injury liability',
                paragraphs: [
                  `Pays for injuries you cause to other people, including medical bills, lost wages and legal costs if you are sued. ${stateSpecific('GA', `It is required in ${state.en}`, 'Most states require it')}, and higher limits protect your savings and future income.`,
                ],
              },
              {
                title: 'Property damage liability',
                paragraphs: [
                  `Pays for damage you cause to someone else’s car, fence, building or other property. ${stateSpecific('GA', `It is also required by ${state.en} law.`, 'Most states require it too.')}`,
                ],
              },
              {
                title: 'Collision',
                paragraphs: [
                  'Pays to repair or replace your motorcycle after it collides with a vehicle or object or goes down on the road, no matter who was at fault, minus your deductible.',
                ],
              },
              {
                title: 'Comprehensive',
                paragraphs: [
                  'Covers your bike against theft, vandalism, fire, hail, flooding, falling objects and hitting an animal. Motorcycles are easy to steal, so this coverage matters even if your bike is paid off.',
                ],
              },
              {
                title: 'Uninsured and underinsured motorist',
                paragraphs: [
                  'Pays for your injuries, and in some policies damage to your bike, when the driver who hit you has no insurance or not enough. Because riders are so often hurt in crashes caused by drivers who did not see them, this is one of the most valuable coverages on the policy.',
                ],
              },
              {
                title: 'Medical payments',
                paragraphs: [
                  'Pays medical expenses for you after an accident regardless of fault, up to a set amount. It helps cover ambulance rides, emergency care and health plan deductibles.',
                ],
              },
              {
                title: 'Passenger liability',
                paragraphs: [
                  'Protects you if a passenger riding with you is injured. Some policies exclude passengers from bodily injury liability unless this coverage is added, so it is worth checking if you ever ride two-up.',
                ],
              },
              {
                title: 'Custom parts and equipment',
                paragraphs: [
                  'Covers aftermarket additions such as chrome, custom paint, upgraded exhaust, saddlebags, seats and audio systems, which a basic policy may limit to a small amount. Many carriers also offer coverage for your helmet, jacket and other riding gear.',
                ],
              },
              {
                title: 'Roadside assistance and trip interruption',
                paragraphs: [
                  'Pays for towing, jump starts, fuel delivery and flat tire help. Trip interruption coverage helps with lodging, meals and transportation if your bike breaks down or is damaged far from home.',
                ],
              },
            ],
          },
          {
            kind: 'note',
            // Georgia law: the helmet rule
            text: stateSpecific(
              'GA',
              `${state.en} law requires every motorcycle rider and passenger to wear a helmet. Completing a rider safety course may also earn you a discount with some carriers.`,
              'Wear a helmet every time you ride, whatever your state’s helmet law asks. Completing a rider safety course may also earn you a discount with some carriers.',
            ),
          },
        ],
        form: {
          anchor: 'vehicle-motorcycle-quote',
          heading: 'Request your motorcycle insurance quote',
          intro:
            'Tell us about your bike, your riding and who else rides it. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro de motocicleta en ${state.es}`,
          description: `Seguro de moto en ${state.es}: responsabilidad civil, colisión, cobertura integral, conductor sin seguro, piezas personalizadas y asistencia vial. Cotice gratis.`,
        },
        hero: {
          title: 'Seguro de motocicleta',
          tagline:
            'Desde un paseo de domingo por las curvas de la montaña cerca de Dahlonega hasta el trayecto diario al trabajo, maneje con una cobertura pensada para dos ruedas.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#vehicle-motorcycle-quote' },
          illustration: 'motorbike',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de motocicleta?',
            paragraphs: [
              // Georgia law: the minimum limits
              stateSpecific(
                'GA',
                `El seguro de motocicleta lo protege a usted, a su moto y a las demás personas en la carretera. ${state.es} exige que las motocicletas tengan la misma responsabilidad civil mínima que los autos: $25,000 de cobertura por lesiones corporales por persona, $50,000 por accidente y $25,000 por daños a la propiedad. Si su moto está financiada, el prestamista también le exigirá cobertura de daños físicos.`,
                `El seguro de motocicleta lo protege a usted, a su moto y a las demás personas en la carretera. La ley de ${state.es} fija la responsabilidad civil mínima que debe tener toda motocicleta registrada, y nosotros le diremos cuál es. Si su moto está financiada, el prestamista también le exigirá cobertura de daños físicos.`,
              ),
              'Los motociclistas enfrentan riesgos que no tienen quienes manejan un auto. Las lesiones en un choque de moto suelen ser más graves, los pasajeros van más expuestos y las piezas de posventa pueden valer miles de dólares. Una buena póliza se arma según cómo, dónde y con qué frecuencia usted maneja, y muchas aseguradoras le permiten bajar la prima durante los meses en que su moto se queda guardada en el garaje.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Coberturas del seguro de motocicleta',
            intro:
              'Una póliza de motocicleta se compone de las coberturas que aparecen a continuación. Abra cada una para ver qué paga.',
            firstOpen: false,
            items: [
              {
                title: 'Responsabilidad civil por lesiones corporales',
                paragraphs: [
                  `Paga las lesiones que usted les cause a otras personas, incluidos los gastos médicos, los salarios perdidos y los costos legales si lo demandan. ${stateSpecific('GA', `Es obligatoria en ${state.es}`, 'La mayoría de los estados la exigen')}, y los límites más altos protegen sus ahorros y sus ingresos futuros.`,
                ],
              },
              {
                title: 'Responsabilidad civil por daños a la propiedad',
                paragraphs: [
                  `Paga los daños que usted cause al auto, la cerca, el edificio u otros bienes de otra persona. ${stateSpecific('GA', `También la exige la ley de ${state.es}.`, 'La mayoría de los estados también la exigen.')}`,
                ],
              },
              {
                title: 'Colisión',
                paragraphs: [
                  'Paga la reparación o el reemplazo de su motocicleta, menos su deducible, cuando choca con un vehículo o un objeto o se cae en el camino, sin importar quién tuvo la culpa.',
                ],
              },
              {
                title: 'Cobertura integral (comprehensive)',
                paragraphs: [
                  'Protege su moto contra robo, vandalismo, incendio, granizo, inundaciones, objetos que caen y choques con animales. Las motocicletas son fáciles de robar, así que esta cobertura es importante aunque su moto ya esté pagada.',
                ],
              },
              {
                title: 'Conductor sin seguro o con seguro insuficiente',
                paragraphs: [
                  'Paga sus lesiones y, en algunas pólizas, los daños a su moto cuando el conductor que lo chocó no tiene seguro o no tiene suficiente. Como los motociclistas resultan heridos con tanta frecuencia en choques causados por conductores que no los vieron, esta es una de las coberturas más valiosas de la póliza.',
                ],
              },
              {
                title: 'Pagos médicos',
                paragraphs: [
                  'Paga sus gastos médicos después de un accidente, sin importar quién tuvo la culpa, hasta una cantidad fija. Ayuda a cubrir el traslado en ambulancia, la atención de emergencia y los deducibles de su plan de salud.',
                ],
              },
              {
                title: 'Responsabilidad civil hacia pasajeros',
                paragraphs: [
                  'Lo protege si se lesiona un pasajero que va con usted. Algunas pólizas excluyen a los pasajeros de la responsabilidad civil por lesiones corporales a menos que se agregue esta cobertura, así que vale la pena revisarlo si alguna vez lleva a alguien atrás.',
                ],
              },
              {
                title: 'Piezas y equipo personalizados',
                paragraphs: [
                  'Cubre las adiciones de posventa, como cromados, pintura personalizada, escape mejorado, alforjas, asientos y sistemas de audio, que una póliza básica podría limitar a una cantidad pequeña. Muchas aseguradoras también ofrecen cobertura para su casco, su chaqueta y el resto de su equipo de motociclista.',
                ],
              },
              {
                title: 'Asistencia vial e interrupción de viaje',
                paragraphs: [
                  'Paga el remolque, el arranque de la batería con cables, la entrega de combustible y la ayuda con llantas ponchadas. La cobertura de interrupción de viaje ayuda con el hospedaje, las comidas y el transporte si su moto se descompone o sufre daños lejos de casa.',
                ],
              },
            ],
          },
          {
            kind: 'note',
            // Georgia law: the helmet rule
            text: stateSpecific(
              'GA',
              `La ley de ${state.es} exige que todo motociclista y todo pasajero usen casco. Completar un curso de seguridad para motociclistas también puede darle derecho a un descuento con algunas aseguradoras.`,
              'Use casco cada vez que maneje, sin importar lo que pida la ley de cascos de su estado. Completar un curso de seguridad para motociclistas también puede darle derecho a un descuento con algunas aseguradoras.',
            ),
          },
        ],
        form: {
          anchor: 'vehicle-motorcycle-quote',
          heading: 'Solicite su cotización de seguro de motocicleta',
          intro:
            'Cuéntenos sobre su moto, cómo la usa y quién más la maneja. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
