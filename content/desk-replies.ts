import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { formTextEs } from './form-text.ts'
import type { Localized } from './locale.ts'

/** What a reply is about: the form's English title (as stored), the reference, who asked. */
interface DeskReplyFacts {
  formTitle: string
  reference: string
  firstName: string
}

export interface DeskReplyCopy {
  subject: (facts: DeskReplyFacts) => string
  /** The body's lines, joined with line breaks. */
  body: (facts: DeskReplyFacts) => string[]
}

/**
 * The short e-mail staff send a lead from the desk's one-tap reply (server/desk/reply-links.ts),
 * in the language of the page the visitor used; signed with the agency's name and phone.
 */
export const deskReplies: Localized<DeskReplyCopy> = {
  en: {
    subject: ({ formTitle, reference }) =>
      `Your ${formTitle.toLowerCase()} (${reference}) · ${agency.shortName}`,
    body: ({ formTitle, reference, firstName }) => [
      `Hi ${firstName},`,
      '',
      `Thank you for reaching out. We have your request (${formTitle}, reference ${reference}) and would be glad to help.`,
      'When is a good time for us to call you? You can also reply to this e-mail with any questions.',
      '',
      'Kind regards,',
      agency.shortName,
      agencyPhone.display,
    ],
  },
  es: {
    subject: ({ formTitle, reference }) =>
      `Su solicitud: ${formTextEs[formTitle] ?? formTitle} (${reference}) · ${agency.shortName}`,
    body: ({ formTitle, reference, firstName }) => [
      `Hola, ${firstName}:`,
      '',
      `Gracias por escribirnos. Recibimos su solicitud (${formTextEs[formTitle] ?? formTitle}, referencia ${reference}) y queremos ayudarle.`,
      '¿Cuándo le queda bien que le llamemos? También puede responder a este correo con sus preguntas.',
      '',
      'Saludos cordiales,',
      agency.shortName,
      agencyPhone.display,
    ],
  },
}
