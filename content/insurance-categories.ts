import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from './locale.ts'
import { state } from './state.ts'
import type { Card } from './types.ts'

/**
 * The five insurance categories, a fixed list (docs/contracts.md, "Pages"), shown on the home page
 * and the /insurance hub.
 */
export const insuranceCategories = liveCopy(
  () =>
    ({
      en: [
        {
          title: 'Business Insurance',
          text: `Liability, property, commercial auto, workers’ compensation and employee benefits for ${state.en} businesses of every size.`,
          href: '/insurance/business',
          icon: 'briefcase',
        },
        {
          title: 'Property Insurance',
          text: 'Coverage for the home you own, the apartment you rent, the houses you lease out, and the flood your regular policy leaves out.',
          href: '/insurance/property',
          icon: 'home',
        },
        {
          title: 'Vehicles Insurance',
          text: 'Cars, motorcycles, boats, RVs, ATVs and classic cars, insured for the way you actually drive, ride and tow.',
          href: '/insurance/vehicle',
          icon: 'car',
        },
        {
          title: 'Life/Financial Insurance',
          text: 'Life insurance, final expense plans and umbrella liability that keep your family and your savings on solid ground.',
          href: '/insurance/life',
          icon: 'heart',
        },
        {
          title: 'Other Insurance',
          text: 'Specialty policies for the risks standard insurance skips, like animal liability and one-day events.',
          href: '/insurance/others',
          icon: 'shield',
        },
      ],
      es: [
        {
          title: 'Seguros para negocios',
          text: `Responsabilidad civil, propiedad, autos comerciales, compensación para trabajadores y beneficios para empleados, para negocios de ${state.es} de todos los tamaños.`,
          href: '/insurance/business',
          icon: 'briefcase',
        },
        {
          title: 'Seguros de propiedad',
          text: 'Protección para la casa que es suya, el apartamento que alquila, las viviendas que les renta a otros y las inundaciones que su póliza regular no cubre.',
          href: '/insurance/property',
          icon: 'home',
        },
        {
          title: 'Seguros de vehículos',
          text: 'Autos, motocicletas, botes, casas rodantes (RV), cuatrimotos (ATV) y autos clásicos, asegurados según la manera en que usted realmente maneja, pasea y remolca.',
          href: '/insurance/vehicle',
          icon: 'car',
        },
        {
          title: 'Seguros de vida y financieros',
          text: 'Seguros de vida, planes de gastos finales y seguros paraguas (umbrella) de responsabilidad civil que mantienen a su familia y sus ahorros en terreno firme.',
          href: '/insurance/life',
          icon: 'heart',
        },
        {
          title: 'Otros seguros',
          text: 'Pólizas especiales para los riesgos que los seguros comunes dejan fuera, como la responsabilidad por animales y los eventos de un solo día.',
          href: '/insurance/others',
          icon: 'shield',
        },
      ],
    }) satisfies Localized<Card[]>,
)
