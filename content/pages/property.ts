import { liveCopy } from '#config/live-settings.ts'
import type { Localized } from '../locale.ts'
import { state, stateSpecific } from '../state.ts'
import type { ContentPage } from '../types.ts'

export const propertyPage = liveCopy(
  () =>
    ({
      en: {
        meta: {
          title: `Property Insurance in ${state.en}`,
          description: `Home, flood, renters and landlord insurance for ${state.en} households and property owners, with quotes compared across several carriers.`,
        },
        hero: {
          title: 'Property Insurance',
          tagline:
            'Whether you own your home, rent an apartment or lease a house to tenants, protect the place and the things that matter most.',
          button: { label: 'Get your insurance quote', href: '/get-a-quote' },
          illustration: 'home',
        },
        blocks: [
          {
            kind: 'text',
            heading: 'What is property insurance?',
            paragraphs: [
              'Property insurance pays to repair or replace a building and the belongings in it after a covered loss such as fire, wind, hail, a falling tree, theft or vandalism. Most property policies also include liability coverage, which protects you if someone is hurt at your place and holds you responsible.',
              // Georgia's weather
              `${stateSpecific('GA', `${state.en} homes face spring tornadoes, summer thunderstorms, tall pines that come down in high wind, and tropical storms that can reach well inland from the coast.`, `Homes in ${state.en} face storms, high winds, hail, fire and water damage, and the risks change from one street to the next.`)} The right policy depends on whether you own, rent or rent out the property, and on where it sits, so we compare several carriers to find the best match.`,
            ],
          },
          {
            kind: 'cards',
            heading: 'Core Coverage Areas',
            intro: 'Choose the type of property you want to protect.',
            cards: [
              {
                title: 'Home Insurance',
                text: 'Coverage for the house you own, your other structures, your belongings and your personal liability, with a live online quote.',
                href: '/insurance/property/home',
                icon: 'home',
              },
              {
                title: 'Flood Insurance',
                text: 'Standard home policies do not cover flooding. A flood policy protects your building and contents from rising water.',
                href: '/insurance/property/flood',
                icon: 'droplets',
              },
              {
                title: 'Renters Insurance',
                text: 'Affordable protection for your belongings, your liability and extra living costs when you rent a home or apartment.',
                href: '/insurance/property/renters',
                icon: 'key',
              },
              {
                title: 'Landlord Insurance',
                text: 'Coverage for houses and units you rent to others, including lost rent after a covered loss and liability to tenants and visitors.',
                href: '/insurance/property/landlord',
                icon: 'building',
              },
            ],
          },
        ],
      },
      es: {
        meta: {
          title: `Seguro de propiedad en ${state.es}`,
          description: `Seguro de casa, contra inundaciones, de inquilino y para arrendadores en ${state.es}, con cotizaciones de varias aseguradoras para familias y dueños de propiedades.`,
        },
        hero: {
          title: 'Seguro de propiedad',
          tagline:
            'Tanto si es dueño de su casa como si alquila un apartamento o le renta una casa a inquilinos, proteja el lugar y las cosas que más le importan.',
          button: { label: 'Obtenga su cotización', href: '/get-a-quote' },
          illustration: 'home',
        },
        blocks: [
          {
            kind: 'text',
            heading: '¿Qué es el seguro de propiedad?',
            paragraphs: [
              'El seguro de propiedad paga la reparación o el reemplazo de un edificio y de las pertenencias que hay en él después de una pérdida cubierta, como un incendio, viento, granizo, la caída de un árbol, un robo o vandalismo. La mayoría de las pólizas de propiedad también incluyen cobertura de responsabilidad civil, que lo protege si alguien se lesiona en su propiedad y lo hace responsable a usted.',
              // Georgia's weather
              `${stateSpecific('GA', `Las casas de ${state.es} enfrentan tornados en primavera, tormentas eléctricas en verano, pinos altos que se caen con los vientos fuertes y tormentas tropicales que pueden llegar muy tierra adentro desde la costa.`, `Las casas de ${state.es} enfrentan tormentas, vientos fuertes, granizo, incendios y daños por agua, y los riesgos cambian de una calle a otra.`)} La póliza adecuada depende de si usted es dueño, inquilino o arrendador de la propiedad, y de dónde está ubicada, por eso comparamos varias aseguradoras para encontrar la que mejor le conviene.`,
            ],
          },
          {
            kind: 'cards',
            heading: 'Principales áreas de cobertura',
            intro: 'Elija el tipo de propiedad que desea proteger.',
            cards: [
              {
                title: 'Seguro de casa',
                text: 'Cobertura para la casa que es suya, sus otras estructuras, sus pertenencias y su responsabilidad civil personal, con cotización en línea en vivo.',
                href: '/insurance/property/home',
                icon: 'home',
              },
              {
                title: 'Seguro contra inundaciones',
                text: 'Las pólizas de casa estándar no cubren inundaciones. Una póliza contra inundaciones protege su edificio y su contenido cuando sube el agua.',
                href: '/insurance/property/flood',
                icon: 'droplets',
              },
              {
                title: 'Seguro de inquilino',
                text: 'Protección a buen precio para sus pertenencias, su responsabilidad civil y los gastos adicionales de vivienda cuando alquila una casa o un apartamento.',
                href: '/insurance/property/renters',
                icon: 'key',
              },
              {
                title: 'Seguro para arrendadores',
                text: 'Cobertura para las casas y unidades que usted les alquila a otros, incluida la renta perdida tras una pérdida cubierta y la responsabilidad civil ante inquilinos y visitantes.',
                href: '/insurance/property/landlord',
                icon: 'building',
              },
            ],
          },
        ],
      },
    }) satisfies Localized<ContentPage>,
)
