import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const workersCompensationPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'Workers’ Compensation Insurance',
          description: `Workers’ compensation for ${state.en} employers: medical care and lost wages for injured employees, and protection for your business. Request a free quote.`,
        },
        hero: {
          title: 'Workers’ Compensation Insurance',
          tagline:
            'Take care of the people who take care of your business. When someone gets hurt on the job, the right policy covers them and protects you.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#workers-comp-quote' },
          illustration: 'hard-hat',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is workers’ compensation insurance?',
            paragraphs: [
              'Workers’ compensation is insurance that pays benefits to employees who are injured or become ill because of their job. It works on a no-fault basis: the employee receives benefits without having to prove the employer did anything wrong.',
              'In exchange, workers’ compensation is generally the employee’s only remedy against the employer, which protects your business from costly injury lawsuits.',
            ],
          },
          {
            kind: 'text',
            heading: 'What the policy pays for',
            paragraphs: [
              `A workers’ compensation policy has two parts. The first pays the benefits set by ${state.en} law:`,
            ],
            list: [
              'Medical treatment, hospital stays, prescriptions and travel to appointments.',
              'Weekly income benefits for part of the wages an employee loses while unable to work.',
              'Rehabilitation to help the employee get back to work.',
              'Death benefits for the family if a work injury is fatal.',
            ],
            after: [
              'The second part, employer’s liability, defends the business against certain injury claims that fall outside the workers’ compensation system.',
            ],
          },
          {
            kind: 'text',
            heading: `Does my ${state.en} business need it?`,
            paragraphs: [
              // Georgia law: the employee threshold
              stateSpecific(
                'GA',
                `${state.en} requires businesses with three or more employees, including part-time workers, to carry workers’ compensation. Corporate officers and LLC members may be able to exclude themselves, and smaller employers can choose to buy coverage to protect their team anyway.`,
                `Most states require a business to carry workers’ compensation once it has employees, and the number that makes it required differs from state to state; part-time workers usually count. We will tell you what ${state.en} law asks of your business. Corporate officers and LLC members may be able to exclude themselves, and employers who are not required can choose to buy coverage to protect their team anyway.`,
              ),
              'Your premium depends mostly on your payroll, the class codes that describe each kind of work, and your claims history. We help you classify your employees correctly so you do not overpay, and we can shop the policy again each year.',
            ],
          },
        ],
        form: {
          anchor: 'workers-comp-quote',
          heading: 'Request your workers’ compensation quote',
          intro:
            'Share your owners, payroll and current coverage. Sensitive details are sent only to our agency, and we contact you within one business hour.',
        },
      },
      es: {
        meta: {
          title: 'Seguro de compensación para trabajadores',
          description: `Compensación para trabajadores en ${state.es}: atención médica y salarios perdidos para empleados lesionados, y protección para su negocio. Cotice gratis.`,
        },
        hero: {
          title: 'Seguro de compensación para trabajadores',
          tagline:
            'Cuide a las personas que cuidan su negocio. Cuando alguien se lesiona en el trabajo, la póliza adecuada cubre a su empleado y lo protege a usted.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#workers-comp-quote' },
          illustration: 'hard-hat',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de compensación para trabajadores?',
            paragraphs: [
              'La compensación para trabajadores (workers’ compensation) es un seguro que paga beneficios a los empleados que se lesionan o se enferman a causa de su trabajo. Funciona sin determinar culpa: el empleado recibe los beneficios sin tener que demostrar que el empleador hizo algo mal.',
              'A cambio, la compensación para trabajadores por lo general es el único recurso del empleado contra el empleador, lo que protege a su negocio de costosas demandas por lesiones.',
            ],
          },
          {
            kind: 'text',
            heading: 'Lo que paga la póliza',
            paragraphs: [
              `Una póliza de compensación para trabajadores tiene dos partes. La primera paga los beneficios que establece la ley de ${state.es}:`,
            ],
            list: [
              'Tratamiento médico, hospitalización, medicamentos recetados y transporte a las citas.',
              'Beneficios semanales que reponen parte del salario que el empleado deja de ganar mientras no puede trabajar.',
              'Rehabilitación para ayudar al empleado a volver al trabajo.',
              'Beneficios por fallecimiento para la familia si una lesión laboral resulta mortal.',
            ],
            after: [
              'La segunda parte, la responsabilidad patronal, defiende al negocio ante ciertos reclamos por lesiones que quedan fuera del sistema de compensación para trabajadores.',
            ],
          },
          {
            kind: 'text',
            heading: `¿Mi negocio en ${state.es} lo necesita?`,
            paragraphs: [
              // Georgia law: the employee threshold
              stateSpecific(
                'GA',
                `${state.es} exige que los negocios con tres o más empleados, incluidos los de medio tiempo, tengan compensación para trabajadores. Los directivos de una corporación y los miembros de una LLC pueden excluirse en algunos casos, y los empleadores más pequeños pueden comprar la cobertura de todos modos para proteger a su equipo.`,
                `La mayoría de los estados exigen que un negocio tenga compensación para trabajadores en cuanto tiene empleados, y el número a partir del cual es obligatoria cambia de un estado a otro; los empleados de medio tiempo por lo general cuentan. Nosotros le diremos qué le exige la ley de ${state.es} a su negocio. Los directivos de una corporación y los miembros de una LLC pueden excluirse en algunos casos, y los empleadores que no están obligados pueden comprar la cobertura de todos modos para proteger a su equipo.`,
              ),
              'Su prima depende sobre todo de su nómina, de los códigos de clasificación que describen cada tipo de trabajo y de su historial de reclamos. Le ayudamos a clasificar correctamente a sus empleados para que no pague de más, y podemos volver a comparar su póliza cada año.',
            ],
          },
        ],
        form: {
          anchor: 'workers-comp-quote',
          heading: 'Solicite su cotización de compensación para trabajadores',
          intro:
            'Cuéntenos sobre los dueños, la nómina y su cobertura actual. Los datos confidenciales se envían solamente a nuestra agencia, y nos comunicamos con usted dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
