import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const landlordPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Landlord Insurance in ${state.en}`,
          description: `Landlord insurance for ${state.en} rental houses, duplexes and small buildings: the dwelling, lost rent after a covered loss and liability to tenants.`,
        },
        hero: {
          title: 'Landlord Insurance',
          tagline:
            'Your rental property is an investment and a source of income. Protect the building, the rent it earns and you as its owner.',
          button: { label: 'GET YOUR INSURANCE QUOTE NOW', href: '#property-landlord-quote' },
          illustration: 'building',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is landlord insurance?',
            paragraphs: [
              'Landlord insurance, often written as a dwelling fire policy, covers a house, condo, duplex or small building with up to four units that you rent to other people. A regular homeowners policy is written for the place you live in, so it usually will not pay once the property is rented out to tenants.',
              'The policy protects the building itself from fire, wind, hail, lightning and other covered causes, along with detached structures such as a garage or a fence. It can also cover property you own and keep there for the tenants, such as appliances, blinds, carpeting and lawn equipment.',
              'Two parts matter most to landlords. Fair rental value coverage replaces the rent you lose while a covered loss makes the property unlivable, so the mortgage still gets paid. Premises liability protects you if a tenant or a visitor is hurt because of a problem with the property, such as a broken step or a loose railing, and sues you.',
            ],
            list: [
              'Choose replacement cost coverage on the building rather than actual cash value where you can.',
              'Your policy does not cover your tenants’ belongings. Ask them to buy renters insurance, and consider requiring it in the lease.',
              'Most policies limit coverage when a property sits vacant for an extended time, often 60 days or more. Tell us before a long vacancy.',
              'Short-term rentals, such as vacation homes listed online, need coverage written for that use.',
            ],
          },
        ],
        form: {
          anchor: 'property-landlord-quote',
          heading: 'Request your landlord insurance quote',
          intro:
            'Tell us about your rental property and when you want coverage to start. We compare carriers and get back to you within one business hour.',
        },
      },
      es: {
        meta: {
          title: `Seguro para arrendadores en ${state.es}`,
          description: `Seguro para arrendadores en ${state.es}: casas de alquiler, dúplex y edificios pequeños, la renta perdida tras una pérdida cubierta y la responsabilidad civil.`,
        },
        hero: {
          title: 'Seguro para arrendadores',
          tagline:
            'Su propiedad de alquiler es una inversión y una fuente de ingresos. Proteja el edificio, la renta que le genera y a usted como dueño.',
          button: { label: 'OBTENGA SU COTIZACIÓN AHORA', href: '#property-landlord-quote' },
          illustration: 'building',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro para arrendadores?',
            paragraphs: [
              'El seguro para arrendadores, que muchas veces se emite como una póliza de vivienda contra incendio (dwelling fire), cubre una casa, un condominio, un dúplex o un edificio pequeño de hasta cuatro unidades que usted les alquila a otras personas. Una póliza de propietario de vivienda común está hecha para el lugar donde usted vive, así que normalmente deja de pagar cuando la propiedad se alquila a inquilinos.',
              'La póliza protege el edificio en sí contra incendio, viento, granizo, rayos y otras causas cubiertas, además de las estructuras independientes, como un garaje o una cerca. También puede cubrir los bienes suyos que usted deja allí para los inquilinos, como electrodomésticos, persianas, alfombras y equipo para el jardín.',
              'Hay dos partes que les importan más a los arrendadores. La cobertura de valor de alquiler justo (fair rental value) reemplaza la renta que usted deja de recibir mientras una pérdida cubierta impide habitar la propiedad, para que la hipoteca se siga pagando. La responsabilidad civil por las instalaciones lo protege si un inquilino o un visitante se lesiona por un problema de la propiedad, como un escalón roto o un barandal flojo, y lo demanda.',
            ],
            list: [
              'Siempre que pueda, elija cobertura de costo de reposición para el edificio en lugar de valor real en efectivo.',
              'Su póliza no cubre las pertenencias de sus inquilinos. Pídales que compren un seguro de inquilino y considere exigirlo en el contrato de arrendamiento.',
              'La mayoría de las pólizas limitan la cobertura cuando una propiedad queda desocupada por mucho tiempo, a menudo 60 días o más. Avísenos antes de un período largo sin inquilinos.',
              'Los alquileres a corto plazo, como las casas vacacionales anunciadas en internet, necesitan una cobertura diseñada para ese uso.',
            ],
          },
        ],
        form: {
          anchor: 'property-landlord-quote',
          heading: 'Solicite su cotización de seguro para arrendadores',
          intro:
            'Cuéntenos sobre su propiedad de alquiler y cuándo quiere que empiece la cobertura. Comparamos aseguradoras y le respondemos dentro de una hora hábil.',
        },
      },
    }) satisfies Localized<ContentPage>,
)
