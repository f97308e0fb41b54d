import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const businessPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Business Insurance in ${state.en}`,
          description: `Business insurance for ${state.en} companies: general liability, commercial auto, property, workers comp and employee benefits. Request a free business quote.`,
        },
        hero: {
          title: 'Building the Future. We Protect It.',
          tagline:
            'You put years into your business. We help you keep it standing after a lawsuit, a fire, a wrecked work truck or an injured employee.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#business-quote' },
          illustration: 'building',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is Business Insurance?',
            paragraphs: [
              'Business insurance is a group of policies that protect a company from the financial hit of accidents, lawsuits, property damage and employee injuries. Instead of paying those costs out of your operating account, you share the risk with an insurance company for a predictable premium.',
              'No two businesses need the same mix. A home-based bookkeeper, a landscaping crew and a restaurant with twenty employees face very different risks. We start by learning how you work, then compare carriers to build coverage that fits your trade, your contracts and your budget.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Core Coverage Areas',
            intro: `Most ${state.en} small businesses start with one or more of these three.`,
            cards: [
              {
                title: 'General Liability',
                text: 'Pays for injuries to customers and damage to other people’s property caused by your work or your premises.',
                href: '/insurance/business/general-liability',
                icon: 'scale',
              },
              {
                title: 'Workers’ Compensation',
                text: `Covers medical bills and lost wages when an employee is hurt on the job, as most states require of employers.`,
                href: '/insurance/business/workers-compensation',
                icon: 'hard-hat',
              },
              {
                title: 'Business Owner’s Policy (BOP)',
                text: 'Bundles liability, property and business income coverage into one policy, often for less than buying them apart.',
                href: '/insurance/business/bop',
                icon: 'store',
              },
            ],
          },
          {
            kind: 'accordion',
            heading: 'Types of business insurance',
            intro: 'Select a coverage to read what it does and who usually needs it.',
            firstOpen: true,
            items: [
              {
                title: 'General liability insurance',
                paragraphs: [
                  'Protects your business when a customer, vendor or visitor claims you caused them bodily injury or property damage. It also responds to claims of advertising injury, such as accidentally using someone else’s slogan.',
                  'It pays for your legal defense as well as settlements or judgments, up to the policy limits. Many landlords and clients ask to see proof of it before you sign a lease or a contract.',
                ],
              },
              {
                title: 'Commercial auto insurance',
                paragraphs: [
                  'Covers cars, vans and trucks that are owned, leased or used by your business. A personal auto policy often excludes vehicles used mainly for work, hauling or making deliveries.',
                  'Coverage can include liability, collision, comprehensive, medical payments and hired or non-owned auto protection for employees who drive their own cars on company errands.',
                ],
              },
              {
                title: 'Commercial property insurance',
                paragraphs: [
                  'Repairs or replaces the building you own and the things inside it, such as equipment, furniture, tools and inventory, after fire, theft, wind, hail and other covered events.',
                  'Business income coverage can be added to replace lost revenue and pay ongoing bills while you are closed for repairs.',
                ],
              },
              {
                title: 'Commercial umbrella insurance',
                paragraphs: [
                  'Adds an extra layer of liability protection on top of your general liability, commercial auto and employer’s liability policies.',
                  'When a serious claim uses up the limits of those policies, the umbrella picks up where they stop, so one large verdict does not put the company at risk.',
                ],
              },
              {
                title: 'Professional liability insurance',
                paragraphs: [
                  'Also called errors and omissions (E&O) insurance. It protects businesses that give advice or professional services when a client says a mistake, an oversight or missed deadline cost them money.',
                  'Consultants, real estate agents, accountants, designers, IT firms and health professionals often carry it, and some contracts require it.',
                ],
              },
              {
                title: 'Business owner’s package (BOP)',
                paragraphs: [
                  'A package policy that combines general liability, commercial property and business income coverage for small and mid-sized businesses.',
                  'Buying the three together is usually simpler and less expensive than separate policies. Offices, retail shops and many service businesses qualify.',
                ],
              },
              {
                title: 'Workers’ compensation insurance',
                paragraphs: [
                  'Pays medical care, a portion of lost wages and rehabilitation for employees injured or made ill by their work, and death benefits for their families.',
                  // Georgia law: the employee threshold
                  stateSpecific(
                    'GA',
                    `In ${state.en}, employers with three or more employees, full or part time, must carry it. It also protects the employer, because injured workers generally cannot sue the business once benefits are provided.`,
                    'Most states require it once a business has employees, though the number that makes it required differs from state to state. It also protects the employer, because injured workers generally cannot sue the business once benefits are provided.',
                  ),
                ],
              },
              {
                title: 'Group health insurance',
                paragraphs: [
                  'Medical coverage that a business offers to its employees and often their families, with the employer paying part of the premium.',
                  'A good health plan helps small businesses attract and keep employees, and the employer’s share of premiums is generally tax deductible.',
                ],
              },
              {
                title: 'Group life insurance',
                paragraphs: [
                  'Life insurance provided to employees through the workplace, usually as a flat amount or a multiple of salary.',
                  'It is an affordable benefit for the employer and gives employees’ families a financial cushion, often without medical questions.',
                ],
              },
              {
                title: 'Group disability insurance',
                paragraphs: [
                  'Replaces part of an employee’s paycheck when illness or an injury off the job keeps them from working.',
                  'Short-term plans cover the first weeks or months; long-term plans can continue for years. Both help employees keep up with their bills while they recover.',
                ],
              },
              {
                title: 'Supplemental insurance',
                paragraphs: [
                  'Voluntary plans, such as accident, critical illness, hospital indemnity, cancer, dental and vision, that employees can add to their main benefits.',
                  'Employees usually pay for them through payroll deduction, so the business can offer more choice at little or no cost to itself.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'business-quote',
          heading: 'Request your business insurance quote',
          intro:
            'Tell us about your company, your team and the coverage you are interested in. We compare carriers and contact you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguros para negocios en ${state.es}`,
          description: `Seguros para empresas de ${state.es}: responsabilidad civil, autos comerciales, propiedad, compensación para trabajadores y beneficios. Cotice gratis.`,
        },
        hero: {
          title: 'Usted construye el futuro. Nosotros lo protegemos.',
          tagline:
            'Usted le ha dedicado años a su negocio. Le ayudamos a mantenerlo en pie después de una demanda, un incendio, un choque de su camioneta de trabajo o un empleado lesionado.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#business-quote' },
          illustration: 'building',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro para negocios?',
            paragraphs: [
              'El seguro para negocios es un conjunto de pólizas que protegen a una empresa del golpe económico de los accidentes, las demandas, los daños a la propiedad y las lesiones de los empleados. En lugar de pagar esos costos con el dinero de operación del negocio, usted comparte el riesgo con una compañía de seguros a cambio de una prima previsible.',
              'No hay dos negocios que necesiten la misma combinación. Una contadora que trabaja desde su casa, una cuadrilla de jardinería y un restaurante con veinte empleados enfrentan riesgos muy distintos. Empezamos por entender cómo trabaja usted y luego comparamos aseguradoras para armar una cobertura que se ajuste a su oficio, sus contratos y su presupuesto.',
            ],
          },
          {
            kind: 'cards',
            heading: 'Coberturas principales',
            intro: `La mayoría de los pequeños negocios de ${state.es} empiezan con una o más de estas tres.`,
            cards: [
              {
                title: 'Responsabilidad civil general',
                text: 'Paga las lesiones de sus clientes y los daños a la propiedad ajena causados por su trabajo o en su local.',
                href: '/insurance/business/general-liability',
                icon: 'scale',
              },
              {
                title: 'Compensación para trabajadores',
                text: `Cubre las cuentas médicas y los salarios perdidos cuando un empleado se lesiona en el trabajo, como la mayoría de los estados exigen a los empleadores.`,
                href: '/insurance/business/workers-compensation',
                icon: 'hard-hat',
              },
              {
                title: 'Póliza para dueños de negocios (BOP)',
                text: 'Reúne responsabilidad civil, propiedad e ingresos del negocio en una sola póliza, muchas veces por menos de lo que costaría comprarlas por separado.',
                href: '/insurance/business/bop',
                icon: 'store',
              },
            ],
          },
          {
            kind: 'accordion',
            heading: 'Tipos de seguro para negocios',
            intro: 'Seleccione una cobertura para leer qué hace y quién suele necesitarla.',
            firstOpen: true,
            items: [
              {
                title: 'Seguro de responsabilidad civil general',
                paragraphs: [
                  'Protege a su negocio cuando un cliente, proveedor o visitante afirma que usted le causó lesiones corporales o daños a su propiedad. También responde a reclamos por daños publicitarios, como usar sin querer el eslogan de otra empresa.',
                  'Paga su defensa legal, así como los acuerdos o las sentencias, hasta los límites de la póliza. Muchos arrendadores y clientes piden ver un comprobante de este seguro antes de que usted firme un contrato de arrendamiento o de servicios.',
                ],
              },
              {
                title: 'Seguro de auto comercial',
                paragraphs: [
                  'Cubre los carros, las vans y los camiones que su negocio tiene en propiedad, arrienda o utiliza. Una póliza de auto personal muchas veces excluye los vehículos que se usan principalmente para trabajar, transportar carga o hacer entregas.',
                  'La cobertura puede incluir responsabilidad civil, choque, cobertura amplia, gastos médicos y protección para autos alquilados o que no son del negocio, para los empleados que usan su propio carro en mandados de la empresa.',
                ],
              },
              {
                title: 'Seguro de propiedad comercial',
                paragraphs: [
                  'Repara o reemplaza el edificio que es suyo y lo que hay adentro, como equipos, muebles, herramientas e inventario, después de un incendio, un robo, viento, granizo y otros eventos cubiertos.',
                  'Puede agregar cobertura de ingresos del negocio para reponer el dinero que deja de entrar y pagar las cuentas fijas mientras su negocio está cerrado por reparaciones.',
                ],
              },
              {
                title: 'Seguro paraguas comercial (umbrella)',
                paragraphs: [
                  'Agrega una capa extra de protección de responsabilidad civil por encima de sus pólizas de responsabilidad civil general, de auto comercial y de responsabilidad patronal.',
                  'Cuando un reclamo grave agota los límites de esas pólizas, el seguro paraguas cubre a partir de donde ellas se detienen, para que una sola sentencia cuantiosa no ponga en riesgo a la empresa.',
                ],
              },
              {
                title: 'Seguro de responsabilidad profesional',
                paragraphs: [
                  'También se conoce como seguro de errores y omisiones (E&O). Protege a los negocios que dan asesoría o prestan servicios profesionales cuando un cliente afirma que un error, un descuido o una fecha límite incumplida le costó dinero.',
                  'Consultores, agentes de bienes raíces, contadores, diseñadores, empresas de tecnología y profesionales de la salud suelen tenerlo, y algunos contratos lo exigen.',
                ],
              },
              {
                title: 'Paquete para dueños de negocios (BOP)',
                paragraphs: [
                  'Una póliza paquete que combina responsabilidad civil general, propiedad comercial e ingresos del negocio para pequeñas y medianas empresas.',
                  'Comprar las tres coberturas juntas suele ser más sencillo y más económico que tener pólizas separadas. Las oficinas, las tiendas y muchos negocios de servicios califican.',
                ],
              },
              {
                title: 'Seguro de compensación para trabajadores',
                paragraphs: [
                  'Paga la atención médica, una parte de los salarios perdidos y la rehabilitación de los empleados que se lesionan o se enferman por su trabajo, además de beneficios por fallecimiento para sus familias.',
                  // Georgia law: the employee threshold
                  stateSpecific(
                    'GA',
                    `En ${state.es}, los empleadores con tres o más empleados, de tiempo completo o de medio tiempo, están obligados a tenerlo. También protege al empleador, porque por lo general los trabajadores lesionados no pueden demandar al negocio una vez que reciben los beneficios.`,
                    'La mayoría de los estados lo exigen en cuanto un negocio tiene empleados, aunque el número a partir del cual es obligatorio cambia de un estado a otro. También protege al empleador, porque por lo general los trabajadores lesionados no pueden demandar al negocio una vez que reciben los beneficios.',
                  ),
                ],
              },
              {
                title: 'Seguro médico de grupo',
                paragraphs: [
                  'Cobertura médica que un negocio ofrece a sus empleados, y muchas veces a sus familias, con el empleador pagando una parte de la prima.',
                  'Un buen plan de salud ayuda a los pequeños negocios a atraer y conservar a sus empleados, y la parte de las primas que paga el empleador por lo general se puede deducir de los impuestos.',
                ],
              },
              {
                title: 'Seguro de vida de grupo',
                paragraphs: [
                  'Seguro de vida que se ofrece a los empleados a través de su trabajo, normalmente por una cantidad fija o por un múltiplo del salario.',
                  'Es un beneficio económico para el empleador y les da a las familias de los empleados un respaldo financiero, muchas veces sin preguntas médicas.',
                ],
              },
              {
                title: 'Seguro de incapacidad de grupo',
                paragraphs: [
                  'Reemplaza una parte del sueldo de un empleado cuando una enfermedad o una lesión fuera del trabajo le impide trabajar.',
                  'Los planes de corto plazo cubren las primeras semanas o meses; los de largo plazo pueden continuar durante años. Ambos ayudan a los empleados a seguir pagando sus cuentas mientras se recuperan.',
                ],
              },
              {
                title: 'Seguros suplementarios',
                paragraphs: [
                  'Planes voluntarios, como los de accidentes, enfermedades graves, indemnización hospitalaria, cáncer, dental y visión, que los empleados pueden sumar a sus beneficios principales.',
                  'Por lo general los empleados los pagan mediante descuentos de nómina, así que el negocio puede ofrecer más opciones con poco o ningún costo para sí mismo.',
                ],
              },
            ],
          },
        ],
        form: {
          anchor: 'business-quote',
          heading: 'Solicite su cotización de seguro para negocios',
          intro:
            'Cuéntenos sobre su empresa, su equipo y las coberturas que le interesan. Comparamos aseguradoras y nos comunicamos con usted dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
