import type { Localized } from '../app/site/i18n.ts'

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
}

export const formUiCopy = { en, es } satisfies Localized<FormUiCopy>
