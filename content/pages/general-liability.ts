import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const generalLiabilityPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: 'General Liability Insurance',
          description: `General liability insurance for ${state.en} contractors, shops and home-based businesses: injuries, property damage and legal defense. Request a free quote.`,
        },
        hero: {
          title: 'General Liability Insurance',
          tagline:
            'One slip in your store or one damaged ceiling at a job site can turn into a lawsuit. Liability coverage keeps that bill away from your business account.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#general-liability-quote' },
          illustration: 'scale',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is general liability insurance?',
            paragraphs: [
              'General liability, sometimes called commercial general liability or CGL, is the foundation of most business insurance programs. It responds when someone outside your company says your business, your employees or your work hurt them or damaged their property.',
              'The policy pays for an attorney to defend you, even when the claim has no merit, and pays settlements or court awards up to its limits.',
            ],
          },
          {
            kind: 'text',
            heading: 'What it usually covers',
            paragraphs: ['A standard general liability policy includes:'],
            list: [
              'Bodily injury to customers, delivery drivers and other visitors at your premises.',
              'Damage you cause to a client’s home, building or belongings while you work.',
              'Injuries or damage caused by a product you made, sold or installed, and by work you have completed.',
              'Personal and advertising injury, such as libel, slander or copying another company’s ad.',
              'Medical payments for minor injuries, paid regardless of fault, which often keep a small accident from becoming a lawsuit.',
            ],
            after: [
              'It does not cover your own property, injuries to your employees, vehicles, or professional mistakes. Those belong on commercial property, workers’ compensation, commercial auto and professional liability policies, and we can quote them together.',
            ],
          },
          {
            kind: 'text',
            heading: 'Who needs it?',
            paragraphs: [
              'Almost every business that meets the public, works on someone else’s property or sells a product. Contractors, landscapers, cleaning services, retail stores, restaurants, salons and home-based businesses are common examples. Landlords, general contractors and government agencies often ask for a certificate of insurance before you can start work.',
            ],
          },
        ],
        form: {
          anchor: 'general-liability-quote',
          heading: 'Request your general liability quote',
          intro:
            'A few details about your operations, payroll and claims history let us compare carriers for you. We reply within one business hour.',
        },
      },
      es: {
        meta: {
          title: 'Seguro de responsabilidad civil general',
          description: `Responsabilidad civil general para contratistas, tiendas y negocios desde casa en ${state.es}: lesiones, daños a la propiedad y defensa legal. Cotice gratis.`,
        },
        hero: {
          title: 'Seguro de responsabilidad civil general',
          tagline:
            'Un resbalón en su tienda o un techo dañado en una obra puede terminar en una demanda. La cobertura de responsabilidad civil evita que esa cuenta salga del dinero de su negocio.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#general-liability-quote' },
          illustration: 'scale',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de responsabilidad civil general?',
            paragraphs: [
              'La responsabilidad civil general, a veces llamada responsabilidad civil general comercial o CGL por sus siglas en inglés, es la base de la mayoría de los programas de seguros para negocios. Responde cuando alguien ajeno a su empresa afirma que su negocio, sus empleados o su trabajo le causaron una lesión o dañaron su propiedad.',
              'La póliza le paga un abogado que lo defienda, aunque el reclamo no tenga fundamento, y paga los acuerdos o las indemnizaciones que ordene un tribunal, hasta sus límites.',
            ],
          },
          {
            kind: 'text',
            heading: 'Lo que suele cubrir',
            paragraphs: ['Una póliza estándar de responsabilidad civil general incluye:'],
            list: [
              'Lesiones corporales de clientes, repartidores y otros visitantes en su local.',
              'Daños que usted cause en la casa, el edificio o las pertenencias de un cliente mientras trabaja.',
              'Lesiones o daños causados por un producto que usted fabricó, vendió o instaló, y por trabajos que ya terminó.',
              'Daños personales y publicitarios, como la difamación por escrito o de palabra, o copiar el anuncio de otra empresa.',
              'Gastos médicos por lesiones menores, pagados sin importar quién tuvo la culpa, que muchas veces evitan que un pequeño accidente se convierta en una demanda.',
            ],
            after: [
              'No cubre su propia propiedad, las lesiones de sus empleados, los vehículos ni los errores profesionales. Para eso existen las pólizas de propiedad comercial, compensación para trabajadores, auto comercial y responsabilidad profesional, y podemos cotizarlas todas juntas.',
            ],
          },
          {
            kind: 'text',
            heading: '¿Quién lo necesita?',
            paragraphs: [
              'Casi cualquier negocio que atiende al público, trabaja en la propiedad de otros o vende un producto. Los contratistas, jardineros, servicios de limpieza, tiendas, restaurantes, salones de belleza y negocios desde casa son ejemplos comunes. Los arrendadores, los contratistas generales y las agencias de gobierno muchas veces piden un certificado de seguro antes de que usted pueda empezar a trabajar.',
            ],
          },
        ],
        form: {
          anchor: 'general-liability-quote',
          heading: 'Solicite su cotización de responsabilidad civil general',
          intro:
            'Con algunos datos sobre sus operaciones, su nómina y su historial de reclamos podemos comparar aseguradoras por usted. Le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
