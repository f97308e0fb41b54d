import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import type { Localized } from '../locale.ts'
import type { Block, PageMeta } from '../types.ts'

/** The privacy notice: what the forms collect, who reads it, how it is kept and for how long. */
export interface PrivacyPage {
  meta: PageMeta
  heading: string
  intro: string[]
  blocks: Block[]
}

const phone = agencyPhone.display

export const privacyPage = {
  en: {
    meta: {
      title: 'Privacy Notice',
      description: `What ${agency.name} collects through this website's forms, why, who sees it, how sensitive numbers are protected and how to ask for a copy or deletion.`,
    },
    heading: 'Privacy notice',
    intro: [
      `${agency.name} (${agency.licenseNumber}) runs this website. This notice explains, in plain words, what happens to what you type into our forms.`,
    ],
    blocks: [
      {
        kind: 'text',
        heading: 'What we collect and why',
        paragraphs: [
          'Only what you send us in a form: your name and how to reach you, and the details we need to quote or service your insurance. Depending on the form, that can include dates of birth, driving or health history, property and vehicle details, and for a business its tax number (EIN) or, on the workers’ compensation form, the owners’ Social Security numbers.',
          'We use it to prepare your quote, answer your question or update your policy, and for nothing else. We do not sell it and we do not use it for advertising.',
        ],
      },
      {
        kind: 'text',
        heading: 'Who receives it',
        paragraphs: [
          `Only our agency. Your request goes to our staff and to no one else; when you ask us for a quote, we share with an insurance carrier only what that carrier needs to quote you.`,
          'After you send a form from a browser with JavaScript on, we usually e-mail you a short confirmation: what you asked for, your reference number, when we will call, our office hours, phone and address. It repeats none of the details you typed, not even your e-mail address. We send none when a form arrives without JavaScript or looks like spam, and at most three a day to one mailbox, so nobody can use our forms to fill a stranger’s inbox.',
        ],
      },
      {
        kind: 'text',
        heading: 'How sensitive numbers are protected',
        paragraphs: [
          'Social Security numbers and EINs are encrypted as soon as they reach us. Our staff see them masked (only the last digits); showing a full number takes a deliberate step, and every time someone does it, we record who and when. These numbers never appear in our e-mails or logs.',
        ],
      },
      {
        kind: 'text',
        heading: 'How long we keep it',
        paragraphs: [
          'We keep a request for one year, then delete it. A request we are still working on with you may be kept longer, until it is finished.',
        ],
      },
      {
        kind: 'text',
        heading: 'No cookies, no trackers',
        paragraphs: [
          'This website sets no cookies and runs no analytics, advertising or tracking scripts.',
          'To know how you found us, the page you first opened, the site that sent you and the campaign tags of the link you followed are kept in your own browser tab (its session storage, erased when you close the tab) and sent to us only together with a form. A draft of a long form is kept in the same place, so you do not lose your answers if you reload the page.',
        ],
      },
      {
        kind: 'text',
        heading: 'A copy or deletion of your information',
        paragraphs: [
          `Call us at ${phone} or write to ${agency.email} to ask for a copy of what we hold about you, to correct it, or to have it deleted. We answer within a few business days.`,
        ],
      },
    ],
  },
  es: {
    meta: {
      title: 'Aviso de privacidad',
      description: `Qué recoge ${agency.name} con los formularios de este sitio, para qué, quién lo ve, cómo se protegen los números sensibles y cómo pedir una copia o su eliminación.`,
    },
    heading: 'Aviso de privacidad',
    intro: [
      `${agency.name} (${agency.licenseNumber}) administra este sitio web. Este aviso explica con palabras sencillas qué pasa con lo que usted escribe en nuestros formularios.`,
    ],
    blocks: [
      {
        kind: 'text',
        heading: 'Qué recogemos y para qué',
        paragraphs: [
          'Solo lo que usted nos envía en un formulario: su nombre, cómo comunicarnos con usted y los datos que necesitamos para cotizar o atender su seguro. Según el formulario, puede incluir fechas de nacimiento, historial de manejo o de salud, datos de su propiedad o vehículo y, para un negocio, su número de identificación fiscal (EIN) o, en el formulario de compensación laboral, el número de Seguro Social de los dueños.',
          'Lo usamos para preparar su cotización, responder su pregunta o actualizar su póliza, y para nada más. No lo vendemos ni lo usamos para publicidad.',
        ],
      },
      {
        kind: 'text',
        heading: 'Quién lo recibe',
        paragraphs: [
          'Solo nuestra agencia. Su solicitud llega a nuestro personal y a nadie más; cuando nos pide una cotización, compartimos con una aseguradora solo lo que esa aseguradora necesita para cotizarle.',
          'Si envía un formulario desde un navegador con JavaScript activado, normalmente le mandamos por correo una breve confirmación: lo que nos pidió, su número de referencia, cuándo le llamaremos, nuestro horario, teléfono y dirección. No repite ninguno de los datos que escribió, ni siquiera su correo electrónico. No la enviamos cuando el formulario llega sin JavaScript o parece correo no deseado, y mandamos como máximo tres al día a un mismo buzón, para que nadie pueda usar nuestros formularios para llenar el buzón de otra persona.',
        ],
      },
      {
        kind: 'text',
        heading: 'Cómo protegemos los números sensibles',
        paragraphs: [
          'Los números de Seguro Social y los EIN se cifran en cuanto nos llegan. Nuestro personal los ve ocultos (solo los últimos dígitos); para ver un número completo hace falta un paso a propósito, y cada vez que alguien lo hace, queda registrado quién y cuándo. Estos números nunca aparecen en nuestros correos ni en nuestros registros.',
        ],
      },
      {
        kind: 'text',
        heading: 'Cuánto tiempo lo guardamos',
        paragraphs: [
          'Guardamos una solicitud durante un año y después la borramos. Una solicitud en la que todavía estamos trabajando con usted puede guardarse más tiempo, hasta terminarla.',
        ],
      },
      {
        kind: 'text',
        heading: 'Sin cookies ni rastreadores',
        paragraphs: [
          'Este sitio no usa cookies ni programas de análisis, publicidad o rastreo.',
          'Para saber cómo nos encontró, la primera página que abrió, el sitio que lo trajo y las etiquetas de campaña del enlace que siguió se guardan en su propia pestaña del navegador (su almacenamiento de sesión, que se borra al cerrar la pestaña) y nos llegan solo junto con un formulario. El borrador de un formulario largo se guarda en el mismo lugar, para que no pierda sus respuestas si recarga la página.',
        ],
      },
      {
        kind: 'text',
        heading: 'Una copia o la eliminación de sus datos',
        paragraphs: [
          `Llámenos al ${phone} o escríbanos a ${agency.email} para pedir una copia de lo que tenemos sobre usted, corregirlo o borrarlo. Le respondemos en pocos días hábiles.`,
        ],
      },
    ],
  },
} satisfies Localized<PrivacyPage>
