import type { Localized } from './locale.ts'

/** The templates of a reply from the desk: one per line of insurance, and a thank-you. */
export const replyTemplateKeys = [
  'vehicle',
  'property',
  'life',
  'business',
  'specialty',
  'service',
  'thanks',
] as const
export type ReplyTemplateKey = (typeof replyTemplateKeys)[number]

export interface ReplyTemplate {
  subject: string
  body: string
}

/**
 * The words a template may hold, filled in when a reply is written (server/desk/reply-templates.ts):
 * the visitor's first name, what they asked for (the form, in their language), the reference they
 * were given, the staff member's name, the agency's name and phone.
 */
export const replyPlaceholders = [
  '{name}',
  '{request}',
  '{reference}',
  '{staff}',
  '{agency}',
  '{phone}',
] as const

const signature = {
  en: 'Kind regards,\n{staff}\n{agency}\n{phone}',
  es: 'Un saludo cordial,\n{staff}\n{agency}\n{phone}',
}

function quoteReply(en: string, es: string): Localized<ReplyTemplate> {
  return {
    en: {
      subject: 'Your {request} ({reference}) · {agency}',
      body: `Hi {name},\n\nThank you for asking us about ${en}. I have your request (reference {reference}) and I am working on it.\n\nTo give you an accurate quote I may need a few more details. When is a good time to call you? You can also reply to this e-mail, or call me at {phone}.\n\n${signature.en}`,
    },
    es: {
      subject: 'Su solicitud: {request} ({reference}) · {agency}',
      body: `Hola, {name}:\n\nGracias por consultarnos sobre ${es}. Ya tengo su solicitud (referencia {reference}) y estoy trabajando en ella.\n\nPara darle una cotización exacta quizá necesite algunos datos más. ¿A qué hora le viene bien que le llamemos? También puede responder a este correo o llamarme al {phone}.\n\n${signature.es}`,
    },
  }
}

/**
 * The replies the desk starts from, until an owner words them otherwise at /admin/replies: plain
 * English and natural Spanish, signed by the staff member who sends them. A testimonial or a
 * referral is thanked, not asked when to call.
 */
export const defaultReplyTemplates: Readonly<Record<ReplyTemplateKey, Localized<ReplyTemplate>>> = {
  vehicle: quoteReply('insurance for your vehicle', 'el seguro de su vehículo'),
  property: quoteReply('insurance for your home or property', 'el seguro de su casa o propiedad'),
  life: quoteReply('life insurance', 'un seguro de vida'),
  business: quoteReply('insurance for your business', 'el seguro de su negocio'),
  specialty: quoteReply('this coverage', 'esta cobertura'),
  service: {
    en: {
      subject: 'Your message to {agency} ({reference})',
      body: `Hi {name},\n\nThank you for your message (reference {reference}). I am looking into it and will get back to you shortly.\n\nIf it is urgent, call me at {phone}, or simply reply to this e-mail.\n\n${signature.en}`,
    },
    es: {
      subject: 'Su mensaje a {agency} ({reference})',
      body: `Hola, {name}:\n\nGracias por su mensaje (referencia {reference}). Lo estoy revisando y le respondo muy pronto.\n\nSi es urgente, llámeme al {phone} o responda a este correo.\n\n${signature.es}`,
    },
  },
  thanks: {
    en: {
      subject: 'Thank you from {agency}',
      body: `Hi {name},\n\nThank you so much for taking the time to write to us. Kind words and referrals from our customers mean a great deal to a small agency like ours.\n\nIf there is ever anything we can do for you, call us at {phone}.\n\n${signature.en}`,
    },
    es: {
      subject: 'Muchas gracias de parte de {agency}',
      body: `Hola, {name}:\n\nMuchas gracias por tomarse el tiempo de escribirnos. Las buenas palabras y las recomendaciones de nuestros clientes significan mucho para una agencia pequeña como la nuestra.\n\nSi alguna vez podemos ayudarle en algo, llámenos al {phone}.\n\n${signature.es}`,
    },
  },
}
