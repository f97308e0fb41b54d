import type { Localized } from './locale.ts'

/** The words every form shares: legend, lock line, dialogs, hints. */
const en = {
  requiredLegend: 'Indicates required field',
  secureLine: 'Your information is secure',
  secureTipLabel: 'How we protect your information',
  secureTip:
    'What you send here goes only to our agency. We never pass your private information on to others, and we never sell it.',
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
  nextStep: 'We will call you within one business day to go over your request.',
  callToday: (closes: string) => `We will call you today, before ${closes}.`,
  callNext: (daysAhead: number, weekday: string, opens: string) =>
    daysAhead === 0
      ? `We will call you today from ${opens}.`
      : daysAhead === 1
        ? `We will call you tomorrow from ${opens}.`
        : `We will call you on ${weekday} from ${opens}.`,
  closedToday: 'The office is closed today; we will call you on our next business day.',
  /** Monday first. */
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  sentTitle: 'Your request was sent',
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
  am: 'am',
  pm: 'pm',
}

export type FormUiCopy = typeof en

// Annotated, not inferred: a key missing from or added to the Spanish fails the type check.
const es: FormUiCopy = {
  requiredLegend: 'Indica un campo obligatorio',
  secureLine: 'Su información está segura',
  secureTipLabel: 'Cómo protegemos su información',
  secureTip:
    'Lo que nos envía aquí llega solamente a nuestra agencia. Nunca compartimos su información privada con nadie y jamás la vendemos.',
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
  nextStep: 'Le llamaremos en un plazo de un día hábil para revisar su solicitud.',
  // Spanish times end in 'p. m.': each sentence is built so the time never ends it, and no
  // period doubles the abbreviation's own.
  callToday: (closes: string) => `Hoy mismo, antes de las ${closes}, le llamaremos.`,
  callNext: (daysAhead: number, weekday: string, opens: string) =>
    daysAhead === 0
      ? `Hoy, a partir de las ${opens}, le llamaremos.`
      : daysAhead === 1
        ? `Mañana, a partir de las ${opens}, le llamaremos.`
        : `El ${weekday}, a partir de las ${opens}, le llamaremos.`,
  closedToday: 'Hoy la oficina está cerrada; le llamaremos el próximo día hábil.',
  weekdays: ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo'],
  sentTitle: 'Su solicitud fue enviada',
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
  am: 'a. m.',
  pm: 'p. m.',
}

export const formUiCopy = { en, es } satisfies Localized<FormUiCopy>
