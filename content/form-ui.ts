import type { Localized } from './locale.ts'

/** The words every form shares: legend, lock line, dialogs, hints. */
const en = {
  requiredLegend: 'Indicates required field',
  secureLine: 'Your information is secure',
  secureTipLabel: 'How we protect your information',
  secureTip:
    'What you send here reaches our agency only. To quote you, we give an insurance carrier just what it needs, and we never sell your information.',
  selectPlaceholder: 'Please select one...',
  sending: 'Sending…',
  successMessage: 'Message sent successfully!',
  failureMessage: 'Something went wrong. Please try again later.',
  dialogClose: 'OK',
  fixFields: 'Please fill out all required fields.',
  honeypotLabel: 'Leave this field empty',
  optional: '(optional)',
  errorSummaryTitle: 'There is a problem',
  requiredLeft: (count: number): string =>
    count === 1 ? '1 required field left.' : `${count} required fields left.`,
  toFix: (count: number): string => (count === 1 ? '1 answer needs a fix.' : `${count} answers need a fix.`),
  allFilled: 'All required fields are filled in.',
  goToFirst: (count: number): string => (count === 1 ? 'Go to it' : 'Go to the first one'),
  stepsLabel: 'Parts of this form',
  stepOf: (step: number, total: number) => `Part ${step} of ${total}`,
  referenceLine: 'Your reference:',
  testimonialNext:
    'Thank you for your words. Someone at our office reads every testimonial, and we only write to you if we have a question.',
  referralNext:
    'Thank you for the referral. One of our agents will get in touch with the person you recommended.',
  sentTitle: 'Your request was sent',
  sentElsewhere:
    'You already sent us a request with this form from another page today. This form is for a new one.',
  sendAnother: 'Send another request',
  notKept: (labels: string) =>
    `For your privacy these answers were not kept, please enter them again: ${labels}.`,
  didYouMean: 'Did you mean',
  showValue: 'Show',
  hideValue: 'Hide',
  privacyLink: 'Privacy notice',
  /** The heading of a group of a select's options (forms/engine.ts OptionGroup), from its English. */
  optionGroupLabel: (english: string): string => english,
  /** Beside the SSN and EIN fields: why they are asked and how they are kept. */
  sensitiveNote: {
    ssn: "The insurer needs it to price workers' comp for owners. Sent and stored encrypted; our staff see it only when they ask to.",
    ein: 'The insurer needs it to identify your business. Sent and stored encrypted; our staff see it only when they ask to.',
  },
  callUs: 'Questions in the meantime? Call us at',
  answersKept: 'Your answers are still in the form.',
  callInstead: 'You can also call us at',
}

export type FormUiCopy = typeof en

// Annotated, not inferred: a key missing from or added to the Spanish fails the type check.
const es: FormUiCopy = {
  requiredLegend: 'Indica un campo obligatorio',
  secureLine: 'Su información está segura',
  secureTipLabel: 'Cómo protegemos su información',
  secureTip:
    'Lo que nos envía aquí llega solo a nuestra agencia. Para cotizarle, le damos a una aseguradora únicamente lo que necesita, y nunca vendemos su información.',
  selectPlaceholder: 'Seleccione una opción...',
  sending: 'Enviando…',
  successMessage: '¡Mensaje enviado con éxito!',
  failureMessage: 'Algo salió mal. Por favor, inténtelo más tarde.',
  dialogClose: 'Aceptar',
  fixFields: 'Por favor, complete todos los campos obligatorios.',
  honeypotLabel: 'Deje este campo vacío',
  optional: '(opcional)',
  errorSummaryTitle: 'Hay un problema',
  requiredLeft: (count: number) =>
    count === 1 ? 'Falta 1 campo obligatorio.' : `Faltan ${count} campos obligatorios.`,
  toFix: (count: number) =>
    count === 1 ? 'Hay 1 respuesta por corregir.' : `Hay ${count} respuestas por corregir.`,
  allFilled: 'Todos los campos obligatorios están completos.',
  goToFirst: (count: number) => (count === 1 ? 'Ir al campo' : 'Ir al primero'),
  stepsLabel: 'Partes de este formulario',
  stepOf: (step: number, total: number) => `Parte ${step} de ${total}`,
  referenceLine: 'Su número de referencia:',
  testimonialNext:
    'Gracias por sus palabras. En nuestra oficina leemos cada testimonio y solo le escribimos si tenemos alguna pregunta.',
  referralNext:
    'Gracias por su recomendación. Uno de nuestros agentes se pondrá en contacto con la persona que nos recomendó.',
  sentTitle: 'Su solicitud fue enviada',
  sentElsewhere:
    'Hoy ya nos envió una solicitud con este formulario desde otra página. Este formulario es para una nueva.',
  sendAnother: 'Enviar otra solicitud',
  notKept: (labels: string) =>
    `Por su privacidad no guardamos estas respuestas; vuelva a escribirlas: ${labels}.`,
  didYouMean: '¿Quiso decir',
  showValue: 'Mostrar',
  hideValue: 'Ocultar',
  privacyLink: 'Aviso de privacidad',
  optionGroupLabel: (english: string): string =>
    (
      ({
        Vehicles: 'Vehículos',
        'Home and property': 'Hogar y propiedad',
        'Life and health': 'Vida y salud',
        Business: 'Negocios',
        Specialty: 'Especiales',
        Other: 'Otros',
      }) as Record<string, string>
    )[english] ?? english,
  sensitiveNote: {
    ssn: 'La aseguradora lo necesita para cotizar la compensación laboral de los dueños. Se envía y se guarda cifrado; nuestro personal solo lo ve cuando lo solicita.',
    ein: 'La aseguradora lo necesita para identificar su negocio. Se envía y se guarda cifrado; nuestro personal solo lo ve cuando lo solicita.',
  },
  callUs: '¿Tiene preguntas mientras tanto? Llámenos al',
  answersKept: 'Sus respuestas siguen en el formulario.',
  callInstead: 'También puede llamarnos al',
}

export const formUiCopy = { en, es } satisfies Localized<FormUiCopy>
