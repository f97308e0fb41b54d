import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage, OwnQuoteFormCopy, ThirdPartyFrameCopy } from '../types.ts'

/** The auto page has no form of its own: its quote section holds the live quoting frame. */
export const autoPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Auto Insurance in ${state.en}`,
          description: `Car insurance for ${state.en} drivers: liability, collision, comprehensive and uninsured motorist coverage. Compare live auto quotes from several carriers.`,
        },
        hero: {
          title: 'Auto Insurance',
          tagline:
            'Whether you drive in city traffic every morning or on quiet country roads, get coverage that fits your car, your family and your budget.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#vehicle-auto-quote' },
          illustration: 'car',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is Auto Insurance?',
            paragraphs: [
              'Auto insurance is a contract between you and an insurance company. You pay a premium, and in return the company pays for covered losses involving your car: injuries and damage you cause to others, repairs to your own vehicle, and medical bills for you and your passengers, up to the limits you choose.',
              // Georgia law: an at-fault state, and its minimum limits
              stateSpecific(
                'GA',
                `${state.en} is an at-fault state, which means the driver who causes a crash is responsible for the damage. State law requires every registered vehicle to carry at least $25,000 of bodily injury liability per person, $50,000 per accident and $25,000 of property damage liability. Those minimums are a floor, not a recommendation: a serious accident can easily cost more, and anything above your limits can come out of your savings.`,
                `${state.en} law sets the least liability insurance every registered vehicle must carry, and we will tell you exactly what it is for your car. That minimum is a floor, not a recommendation: a serious accident can easily cost more, and anything above your limits can come out of your savings.`,
              ),
              'A policy is built from separate coverages, and each one pays for a different kind of loss. Open each item below to see what it does.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Auto insurance coverages',
            firstOpen: true,
            items: [
              {
                title: 'Bodily injury liability',
                paragraphs: [
                  'Pays for injuries you cause to other people in an accident: their medical care, lost wages and pain and suffering, and your legal defense if they sue. It covers you and the family members listed on your policy, and usually other people who drive your car with your permission.',
                  `Limits are written as two numbers, such as 100/300: the most paid for one person and the most paid for one accident. Choosing limits well above the state minimum is one of the least expensive ways to protect what you own.`,
                ],
              },
              {
                title: 'Medical payments or personal injury protection',
                paragraphs: [
                  'Medical payments coverage pays reasonable medical and funeral expenses for you and your passengers after an accident, no matter who caused it. It also follows you as a pedestrian or as a passenger in someone else’s car, and it helps with deductibles and copays your health plan leaves behind.',
                  stateSpecific(
                    'GA',
                    `Personal injury protection (PIP) is the broader version used in no-fault states; it can also replace lost income. ${state.en} does not require PIP, so most ${state.en} policies offer medical payments coverage in amounts such as $1,000 to $10,000.`,
                    'Personal injury protection (PIP) is the broader version that no-fault states require; it can also replace lost income. Where PIP is not required, policies usually offer medical payments coverage in amounts such as $1,000 to $10,000.',
                  ),
                ],
              },
              {
                title: 'Property damage liability',
                paragraphs: [
                  'Pays for damage your car does to someone else’s property: the other vehicle, a fence, a mailbox, a storefront or a utility pole. With new cars and trucks often costing well over $40,000, the $25,000 state minimum can run out after a single collision.',
                ],
              },
              {
                title: 'Collision',
                paragraphs: [
                  'Pays to repair your own car, or its actual cash value if it is totaled, after it hits another vehicle or an object, or rolls over, whoever is at fault. You pay the deductible you chose, for example $500 or $1,000.',
                  'If your car is financed or leased, the lender will require collision coverage. On an older car worth only a few thousand dollars, dropping it can make sense; we can help you run the numbers.',
                ],
              },
              {
                title: 'Comprehensive',
                paragraphs: [
                  `Covers damage to your car from causes other than a collision. That often means hail, a tree limb falling in a storm, hitting a deer, flooding, fire, theft, vandalism and broken glass. Like collision, it pays after your deductible and is usually required by lenders.`,
                ],
              },
              {
                title: 'Uninsured motorists coverage',
                paragraphs: [
                  'Protects you and your passengers when the driver who caused the accident has no insurance, too little insurance, or drives away from the scene. It pays for your injuries and, depending on the policy, damage to your car.',
                  stateSpecific(
                    'GA',
                    `${state.en} insurers must offer this coverage, and you can only turn it down in writing. Ask us about added-on coverage, which sits on top of the at-fault driver’s limits instead of being reduced by them.`,
                    'Many states require insurers to offer this coverage and let you turn it down only in writing. Ask us what your state’s rules are and how much of it to carry.',
                  ),
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'vehicle-auto-quote',
          heading: 'Get a live auto insurance quote',
          intro:
            'Enter your drivers and vehicles in the quoting tool below to compare rates from several carriers in a few minutes. One of our agents reviews your quote and contacts you to confirm the details and answer questions.',
        },
        ownForm: {
          heading: 'Request your auto insurance quote',
          intro:
            'Tell us how to reach you and where you live. An agent compares rates from several carriers for your drivers and vehicles and calls you to go over the coverage within one business hour.',
          alternativeHeading: 'Rather talk it over with an agent?',
          alternativeIntro: 'Send us your details instead and we will prepare your quote with you by phone.',
        },
        frame: {
          title: 'Live auto insurance quote form from our quoting partner',
          fallbackIntro: 'If the quote form above does not load or is hard to use on your screen,',
          fallbackLabel: 'click here',
          fallbackAfter: 'to open it on its own page.',
        },
      },
      es: {
        meta: {
          title: `Seguro de auto en ${state.es}`,
          description: `Seguro de auto para conductores de ${state.es}: responsabilidad civil, colisión, cobertura integral y conductor sin seguro. Compare cotizaciones en vivo.`,
        },
        hero: {
          title: 'Seguro de auto',
          tagline:
            'Ya sea que maneje en el tráfico de la ciudad cada mañana o por tranquilos caminos rurales, consiga una cobertura a la medida de su auto, su familia y su presupuesto.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#vehicle-auto-quote' },
          illustration: 'car',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de auto?',
            paragraphs: [
              'El seguro de auto es un contrato entre usted y una compañía de seguros. Usted paga una prima y, a cambio, la compañía paga las pérdidas cubiertas relacionadas con su auto, hasta los límites que usted elija: las lesiones y los daños que usted les cause a otros, las reparaciones de su propio vehículo y los gastos médicos suyos y de sus pasajeros.',
              // Georgia law: an at-fault state, and its minimum limits
              stateSpecific(
                'GA',
                `${state.es} es un estado de culpa (at-fault): el conductor que causa el choque es responsable de los daños. La ley estatal exige que todo vehículo registrado tenga como mínimo $25,000 de responsabilidad civil por lesiones corporales por persona, $50,000 por accidente y $25,000 de responsabilidad civil por daños a la propiedad. Esos mínimos son un piso, no una recomendación: un accidente grave puede costar mucho más con facilidad, y lo que exceda sus límites podría salir de sus ahorros.`,
                `La ley de ${state.es} fija la responsabilidad civil mínima que debe tener todo vehículo registrado, y nosotros le diremos exactamente cuál es para su auto. Ese mínimo es un piso, no una recomendación: un accidente grave puede costar mucho más con facilidad, y lo que exceda sus límites podría salir de sus ahorros.`,
              ),
              'Una póliza se arma con coberturas separadas, y cada una paga un tipo distinto de pérdida. Abra cada sección a continuación para ver para qué sirve.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Coberturas del seguro de auto',
            firstOpen: true,
            items: [
              {
                title: 'Responsabilidad civil por lesiones corporales',
                paragraphs: [
                  'Paga las lesiones que usted les cause a otras personas en un accidente: su atención médica, los salarios que dejen de recibir y el dolor y sufrimiento, además de su defensa legal si lo demandan. Lo cubre a usted y a los familiares que aparecen en su póliza y, por lo general, a otras personas que manejen su auto con su permiso.',
                  `Los límites se expresan con dos números, por ejemplo 100/300: lo máximo que se paga por una persona y lo máximo que se paga por un accidente. Elegir límites muy por encima del mínimo estatal es una de las formas más económicas de proteger lo que usted tiene.`,
                ],
              },
              {
                title: 'Pagos médicos o protección contra lesiones personales',
                paragraphs: [
                  'La cobertura de pagos médicos paga los gastos médicos y funerarios razonables de usted y sus pasajeros después de un accidente, sin importar quién lo haya causado. También lo protege cuando va a pie o como pasajero en el auto de otra persona, y le ayuda con los deducibles y copagos que su plan de salud no cubre.',
                  stateSpecific(
                    'GA',
                    `La protección contra lesiones personales (PIP) es la versión más amplia que se usa en los estados sin culpa (no-fault) y también puede reemplazar los ingresos perdidos. ${state.es} no exige PIP, por eso la mayoría de las pólizas en ${state.es} ofrecen cobertura de pagos médicos en montos como de $1,000 a $10,000.`,
                    'La protección contra lesiones personales (PIP) es la versión más amplia que exigen los estados sin culpa (no-fault) y también puede reemplazar los ingresos perdidos. Donde no se exige PIP, las pólizas suelen ofrecer cobertura de pagos médicos en montos como de $1,000 a $10,000.',
                  ),
                ],
              },
              {
                title: 'Responsabilidad civil por daños a la propiedad',
                paragraphs: [
                  'Paga los daños que su auto cause a la propiedad de otra persona: el otro vehículo, una cerca, un buzón, la fachada de un negocio o un poste de luz. Como muchos autos y camionetas nuevos cuestan bastante más de $40,000, el mínimo estatal de $25,000 puede agotarse con un solo choque.',
                ],
              },
              {
                title: 'Colisión',
                paragraphs: [
                  'Paga la reparación de su propio auto, o su valor real en efectivo si se declara pérdida total, cuando choca con otro vehículo o con un objeto, o se vuelca, sin importar quién tuvo la culpa. Usted paga el deducible que eligió, por ejemplo $500 o $1,000.',
                  'Si su auto está financiado o arrendado (leasing), el prestamista le exigirá la cobertura de colisión. En un auto más viejo que vale apenas unos miles de dólares, quitarla puede tener sentido; con gusto le ayudamos a sacar las cuentas.',
                ],
              },
              {
                title: 'Cobertura integral (comprehensive)',
                paragraphs: [
                  `Cubre los daños a su auto por causas distintas de un choque. Eso suele significar granizo, una rama que cae durante una tormenta, chocar con un venado, inundaciones, incendio, robo, vandalismo y vidrios rotos. Al igual que la de colisión, paga después de su deducible y normalmente la exigen los prestamistas.`,
                ],
              },
              {
                title: 'Cobertura de conductor sin seguro',
                paragraphs: [
                  'Lo protege a usted y a sus pasajeros cuando el conductor que causó el accidente no tiene seguro, tiene muy poco o se da a la fuga. Paga sus lesiones y, según la póliza, los daños a su auto.',
                  stateSpecific(
                    'GA',
                    `En ${state.es}, las aseguradoras están obligadas a ofrecer esta cobertura, y usted solo puede rechazarla por escrito. Pregúntenos por la cobertura adicional (added-on), que se suma a los límites del conductor culpable en lugar de reducirse por ellos.`,
                    'En muchos estados, las aseguradoras están obligadas a ofrecer esta cobertura, y usted solo puede rechazarla por escrito. Pregúntenos qué reglas aplican en su estado y cuánta cobertura le conviene.',
                  ),
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'vehicle-auto-quote',
          heading: 'Obtenga una cotización de seguro de auto en vivo',
          intro:
            'Ingrese a sus conductores y vehículos en la herramienta de cotización a continuación y compare en pocos minutos las tarifas de varias aseguradoras. Uno de nuestros agentes revisa su cotización y se comunica con usted para confirmar los detalles y responder sus preguntas.',
        },
        ownForm: {
          heading: 'Solicite su cotización de seguro de auto',
          intro:
            'Díganos cómo comunicarnos con usted y dónde vive. Un agente compara las tarifas de varias aseguradoras para sus conductores y vehículos y le llama para revisar la cobertura dentro de una hora hábil.',
          alternativeHeading: '¿Prefiere hablarlo con un agente?',
          alternativeIntro: 'Envíenos sus datos y prepararemos su cotización con usted por teléfono.',
        },
        frame: {
          title: 'Formulario de cotización de seguro de auto en vivo de nuestro socio de cotizaciones',
          fallbackIntro:
            'Si el formulario de cotización de arriba no carga o es difícil de usar en su pantalla,',
          fallbackLabel: 'haga clic aquí',
          fallbackAfter: 'para abrirlo en una página aparte.',
        },
      },
    }) satisfies Localized<ContentPage & { frame: ThirdPartyFrameCopy; ownForm: OwnQuoteFormCopy }>,
)
