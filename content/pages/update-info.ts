import type { Localized } from '../locale.ts'
import type { ContentPage } from '../types.ts'

export const updateInfoPage = {
  en: {
    meta: {
      title: 'Update Your Policy Information',
      description:
        'Moved, bought a car or added a driver? Send us your new details online and we will update your insurance policy with your carrier and confirm the change.',
    },
    hero: {
      title: 'Update Your Information',
      tagline:
        'Life changes, and your policy should keep up. Let us know what is new and we will take care of the paperwork with your carrier.',
      button: { label: 'Send an update', href: '#update-info-form' },
      illustration: 'user-pen',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Changes we can help with',
        paragraphs: ['Common updates include:'],
        list: [
          'A new home or mailing address, phone number or e-mail.',
          'Adding or removing a vehicle or a driver.',
          'A new lienholder or mortgage company.',
          'A marriage, a name change or a new teen driver in the house.',
        ],
        after: ['Your change takes effect only after we or your carrier confirm it with you.'],
      },
    ],
    form: {
      anchor: 'update-info-form',
      heading: 'Send us your new information',
      intro:
        'Tell us who you are and describe the change in the message box. We confirm every update with you.',
    },
  },
  es: {
    meta: {
      title: 'Actualice la información de su póliza',
      description:
        '¿Se mudó, compró un auto o tiene un nuevo conductor? Envíenos sus datos en línea; actualizaremos su póliza con su aseguradora y le confirmaremos el cambio.',
    },
    hero: {
      title: 'Actualice su información',
      tagline:
        'La vida cambia, y su póliza debe cambiar con ella. Cuéntenos qué hay de nuevo y nosotros nos encargamos del papeleo con su aseguradora.',
      button: { label: 'Enviar una actualización', href: '#update-info-form' },
      illustration: 'user-pen',
    },
    blocks: [
      {
        kind: 'text',
        heading: 'Cambios con los que podemos ayudarle',
        paragraphs: ['Entre los cambios más comunes están:'],
        list: [
          'Una nueva dirección de casa o postal, número de teléfono o correo electrónico.',
          'Agregar o quitar un vehículo o un conductor.',
          'Un nuevo acreedor (la entidad que financia su vehículo) o una nueva compañía hipotecaria.',
          'Un matrimonio, un cambio de nombre o un nuevo conductor adolescente en casa.',
        ],
        after: ['Su cambio entra en vigor solo después de que nosotros o su aseguradora se lo confirmemos.'],
      },
    ],
    form: {
      anchor: 'update-info-form',
      heading: 'Envíenos su nueva información',
      intro:
        'Díganos quién es y describa el cambio en el cuadro de mensaje. Confirmamos cada cambio con usted.',
    },
  },
} satisfies Localized<ContentPage>
