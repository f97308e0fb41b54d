import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage, OwnQuoteFormCopy, ThirdPartyFrameCopy } from '../types.ts'

/** The home page has no form of its own: its quote section holds the live quoting frame. */
export const homeInsurancePage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Homeowners Insurance in ${state.en}`,
          description: `Homeowners insurance for ${state.en}: dwelling, other structures, belongings, loss of use and personal liability explained, with a live online quote.`,
        },
        hero: {
          title: 'Home Insurance',
          tagline:
            'Your home is likely the largest thing you will ever buy. Make sure a storm, a fire or a lawsuit cannot take it from you.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-home-quote' },
          illustration: 'home',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is home insurance?',
            paragraphs: [
              `Homeowners insurance protects the house you own and live in, the things inside it, and you against claims from people who are hurt on your property or by something you do. ${state.en} law does not require it, but almost every mortgage lender does, and for most families it is the only thing standing between a disaster and starting over from nothing.`,
              `Most ${state.en} homeowners carry an HO-3 policy. It covers the house itself against any cause of loss that is not specifically excluded, and covers your belongings against a list of named perils such as fire, windstorm, hail, lightning, theft and burst pipes.`,
              'A homeowners policy is organized into two sections. Section I protects your property; Section II protects you from liability. Open each part below to see how it works and how much coverage to consider.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'How a homeowners policy is built',
            firstOpen: true,
            items: [
              {
                title: 'Section I, Coverage A: Dwelling',
                paragraphs: [
                  'Pays to repair or rebuild the house and anything attached to it, such as an attached garage, a built-in deck, plumbing, wiring, heating and air conditioning, and built-in appliances.',
                  'The limit should be based on what it would cost to rebuild the home today, not its market value or the price you paid. Most policies require you to insure the dwelling for at least 80% of its replacement cost. If you carry less, a coinsurance clause lets the company pay only part of a claim, even a small one. We use rebuilding cost estimators to help you set this number.',
                ],
              },
              {
                title: 'Section I, Coverage B: Other structures',
                paragraphs: [
                  'Covers structures on your property that are not attached to the house: a detached garage, a workshop, a storage shed, a fence, a gazebo or a barn that is not used for business.',
                  'The limit is usually a share of Coverage A, typically 10 to 20%. A house insured for $300,000 would then have $30,000 to $60,000 for other structures. If you have a large shop or barn, you may need more.',
                ],
              },
              {
                title: 'Section I, Coverage C: Personal property',
                paragraphs: [
                  'Covers your belongings, such as furniture, clothing, electronics, appliances and tools, at home and, in most cases, anywhere in the world. The limit is commonly set at 50 to 70% of Coverage A.',
                  'Ask for replacement cost coverage, which pays what it costs to buy new items, instead of actual cash value, which subtracts depreciation. Some property has low special limits, including a $200 limit on money, and limits on theft of jewelry, firearms and silverware. Valuable items can be scheduled separately for their full value.',
                ],
              },
              {
                title: 'Section I, Coverage D: Loss of use',
                paragraphs: [
                  'If a covered loss makes your home unlivable, this coverage pays the additional living expenses above your normal costs, such as a hotel or rental, restaurant meals and extra mileage, while repairs are made. If you rent part of your home to someone else, it also replaces the rent you lose.',
                ],
              },
              {
                title: 'Section I: Additional coverages',
                paragraphs: [
                  'A homeowners policy also includes smaller coverages that pay in specific situations, often in addition to your main limits:',
                ],
                list: [
                  'Removing debris after a covered loss, including a tree that falls on your house.',
                  'Reasonable temporary repairs to protect the home from further damage.',
                  'Trees, shrubs and plants damaged by fire, lightning, theft or vandalism, up to a set amount per plant.',
                  'Fire department service charges where your area bills for them.',
                  'Unauthorized use of your credit cards, forged checks and counterfeit money.',
                  'Your share of a loss assessment from a homeowners association.',
                  'Building code upgrades required when damaged parts of an older home are rebuilt.',
                ],
              },
              {
                title: 'Section I: Exclusions and floods',
                paragraphs: [
                  'Every policy lists losses it will not pay. Common exclusions are wear and tear, neglect, mold, termites and other pests, earthquakes and other earth movement, intentional damage, and water that backs up through sewers and drains (coverage for backup can usually be added for a small cost).',
                  'The most important exclusion is flood. Water that rises from a river, a creek, a storm surge or heavy rain running across the ground is not covered by a standard homeowners policy. Flood insurance is a separate policy, usually with a 30-day waiting period before it starts, so it should be bought before the storm season, not when a storm is already in the forecast.',
                ],
              },
              {
                title: 'Section II, Coverage E: Personal liability',
                paragraphs: [
                  'Protects you and your household if you are legally responsible for injuring someone or damaging their property, for example when a guest falls on your stairs, your dog bites a neighbor or your child breaks a window down the street. It pays for the damages and for your legal defense, at home and away.',
                  'Policies often start at $100,000, and we usually recommend $300,000 or more. Section II also includes medical payments to others (Coverage F), which pays small medical bills for guests hurt on your property without anyone having to prove fault. For more protection, an umbrella policy can add $1 million or more on top.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'property-home-quote',
          heading: 'Get a live home insurance quote',
          intro:
            'Enter your address and a few details about your home in the quoting tool below to compare rates from several carriers. An agent reviews every quote and follows up to confirm coverage and discounts.',
        },
        ownForm: {
          heading: 'Request your home insurance quote',
          intro:
            'Tell us how to reach you and the address of the home. An agent compares rates from several carriers, looks for the discounts you qualify for and calls you to go over the coverage within one business hour.',
          alternativeHeading: 'Rather talk it over with an agent?',
          alternativeIntro: 'Send us your details instead and we will prepare your quote with you by phone.',
        },
        frame: {
          title: 'Live home insurance quote form from our quoting partner',
          fallbackIntro: 'If the quote form above does not load or is hard to use on your screen,',
          fallbackLabel: 'select here',
          fallbackAfter: 'to open it on its own page.',
        },
      },
      es: {
        meta: {
          title: `Seguro de propietario de vivienda en ${state.es}`,
          description: `Seguro de casa en ${state.es} explicado: vivienda, otras estructuras, pertenencias, pérdida de uso y responsabilidad civil, con cotización en línea en vivo.`,
        },
        hero: {
          title: 'Seguro de casa',
          tagline:
            'Es probable que su casa sea la compra más grande de su vida. Asegúrese de que una tormenta, un incendio o una demanda no se la puedan quitar.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#property-home-quote' },
          illustration: 'home',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de casa?',
            paragraphs: [
              `El seguro de propietario de vivienda protege la casa que es suya y en la que vive, las cosas que hay adentro y a usted mismo frente a reclamos de personas que se lesionan en su propiedad o por algo que usted hace. La ley de ${state.es} no lo exige, pero casi todos los prestamistas hipotecarios sí, y para la mayoría de las familias es lo único que se interpone entre un desastre y tener que empezar de cero.`,
              `La mayoría de los propietarios de vivienda en ${state.es} tienen una póliza HO-3. Esta cubre la casa en sí contra cualquier causa de pérdida que no esté excluida expresamente, y cubre sus pertenencias contra una lista de riesgos nombrados, como incendio, vendaval, granizo, rayos, robo y tuberías reventadas.`,
              'Una póliza de propietario de vivienda se organiza en dos secciones. La Sección I protege su propiedad; la Sección II lo protege a usted de la responsabilidad civil. Abra cada parte a continuación para ver cómo funciona y cuánta cobertura le conviene considerar.',
            ],
          },
          {
            kind: 'accordion',
            heading: 'Cómo se compone una póliza de propietario de vivienda',
            firstOpen: true,
            items: [
              {
                title: 'Sección I, Cobertura A: Vivienda',
                paragraphs: [
                  'Paga la reparación o la reconstrucción de la casa y de todo lo que está unido a ella, como un garaje adjunto, una terraza integrada, la plomería, el cableado eléctrico, la calefacción y el aire acondicionado, y los electrodomésticos empotrados.',
                  'El límite debe basarse en lo que costaría reconstruir la casa hoy, no en su valor de mercado ni en el precio que usted pagó. La mayoría de las pólizas exigen asegurar la vivienda por al menos el 80% de su costo de reposición. Si usted la asegura por menos, una cláusula de coaseguro permite que la compañía pague solo una parte de un reclamo, incluso de uno pequeño. Usamos herramientas que estiman el costo de reconstrucción para ayudarle a fijar esta cifra.',
                ],
              },
              {
                title: 'Sección I, Cobertura B: Otras estructuras',
                paragraphs: [
                  'Cubre las estructuras de su propiedad que no están unidas a la casa: un garaje independiente, un taller, un cobertizo, una cerca, un gazebo o un granero que no se use para un negocio.',
                  'El límite suele ser una parte de la Cobertura A, normalmente del 10 al 20%. Así, una casa asegurada por $300,000 tendría de $30,000 a $60,000 para otras estructuras. Si tiene un taller o un granero grande, es posible que necesite más.',
                ],
              },
              {
                title: 'Sección I, Cobertura C: Bienes personales',
                paragraphs: [
                  'Cubre sus pertenencias, como muebles, ropa, aparatos electrónicos, electrodomésticos y herramientas, en su casa y, en la mayoría de los casos, en cualquier parte del mundo. El límite se fija comúnmente entre el 50 y el 70% de la Cobertura A.',
                  'Pida cobertura de costo de reposición, que paga lo que cuesta comprar artículos nuevos, en lugar de valor real en efectivo, que descuenta la depreciación. Algunos bienes tienen límites especiales bajos, como un límite de $200 para dinero en efectivo y límites en caso de robo de joyas, armas de fuego y platería. Los artículos valiosos se pueden asegurar por separado en una lista (schedule) por su valor completo.',
                ],
              },
              {
                title: 'Sección I, Cobertura D: Pérdida de uso',
                paragraphs: [
                  'Si una pérdida cubierta deja su casa inhabitable, esta cobertura paga los gastos de vivienda que superen sus gastos normales mientras se hacen las reparaciones, como un hotel o un alquiler, las comidas en restaurantes y las millas adicionales de manejo. Si usted le alquila parte de su casa a otra persona, también le reemplaza la renta que deje de recibir.',
                ],
              },
              {
                title: 'Sección I: Coberturas adicionales',
                paragraphs: [
                  'Una póliza de propietario de vivienda también incluye coberturas más pequeñas que pagan en situaciones específicas, muchas veces además de sus límites principales:',
                ],
                list: [
                  'El retiro de escombros después de una pérdida cubierta, incluido un árbol que cae sobre su casa.',
                  'Las reparaciones temporales razonables para proteger la casa de más daños.',
                  'Los árboles, arbustos y plantas dañados por incendio, rayo, robo o vandalismo, hasta una cantidad fija por planta.',
                  'Los cargos por servicio del departamento de bomberos en las zonas donde se cobran.',
                  'El uso no autorizado de sus tarjetas de crédito, los cheques falsificados y el dinero falso.',
                  'Su parte de una cuota especial por pérdidas (loss assessment) que cobre la asociación de propietarios.',
                  'Las mejoras que exige el código de construcción cuando se reconstruyen las partes dañadas de una casa antigua.',
                ],
              },
              {
                title: 'Sección I: Exclusiones e inundaciones',
                paragraphs: [
                  'Toda póliza enumera las pérdidas que no pagará. Las exclusiones comunes son el desgaste por el uso, el descuido, el moho, las termitas y otras plagas, los terremotos y otros movimientos de tierra, los daños intencionales y el agua que se regresa por el drenaje y las alcantarillas (la cobertura contra ese reflujo normalmente se puede agregar por un costo bajo).',
                  'La exclusión más importante es la de inundaciones. El agua que sube de un río, un arroyo, una marejada ciclónica o de lluvias fuertes que corren por el suelo no está cubierta por una póliza de propietario de vivienda estándar. El seguro contra inundaciones es una póliza aparte, por lo general con un período de espera de 30 días antes de que entre en vigor, así que conviene comprarlo antes de la temporada de tormentas, no cuando ya hay una tormenta en el pronóstico.',
                ],
              },
              {
                title: 'Sección II, Cobertura E: Responsabilidad civil personal',
                paragraphs: [
                  'Lo protege a usted y a su familia si usted es legalmente responsable de lesionar a alguien o de dañar sus bienes, por ejemplo cuando un invitado se cae en sus escaleras, su perro muerde a un vecino o su hijo rompe una ventana en la misma calle. Paga los daños y su defensa legal, tanto en casa como fuera de ella.',
                  'Las pólizas suelen empezar en $100,000, y normalmente recomendamos $300,000 o más. La Sección II también incluye pagos médicos a terceros (Cobertura F), que paga los gastos médicos menores de invitados que se lesionan en su propiedad sin que nadie tenga que demostrar la culpa. Para tener más protección, una póliza paraguas (umbrella) puede agregar $1 millón o más por encima.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'property-home-quote',
          heading: 'Obtenga una cotización de seguro de casa en vivo',
          intro:
            'Ingrese su dirección y algunos datos de su casa en la herramienta de cotización a continuación para comparar las tarifas de varias aseguradoras. Un agente revisa cada cotización y se comunica con usted para confirmar la cobertura y los descuentos.',
        },
        ownForm: {
          heading: 'Solicite su cotización de seguro de casa',
          intro:
            'Díganos cómo comunicarnos con usted y la dirección de la casa. Un agente compara las tarifas de varias aseguradoras, busca los descuentos que le corresponden y le llama para revisar la cobertura dentro de una hora hábil.',
          alternativeHeading: '¿Prefiere hablarlo con un agente?',
          alternativeIntro: 'Envíenos sus datos y prepararemos su cotización con usted por teléfono.',
        },
        frame: {
          title: 'Formulario de cotización de seguro de casa en vivo de nuestro socio de cotizaciones',
          fallbackIntro:
            'Si el formulario de cotización de arriba no carga o es difícil de usar en su pantalla,',
          fallbackLabel: 'seleccione aquí',
          fallbackAfter: 'para abrirlo en una página aparte.',
        },
      },
    }) satisfies Localized<ContentPage & { frame: ThirdPartyFrameCopy; ownForm: OwnQuoteFormCopy }>,
)
