import type { Localized } from './locale.ts'

/**
 * The page a form posted without JavaScript lands on (303 after the lead is stored), under the
 * success words every form shares (content/form-ui.ts): the request's reference (put in by the
 * server), what happens next.
 */
export interface ThankYouCopy {
  title: string
  description: string
  referenceLabel: string
  /** Shown where the reference goes when the page is opened without one. */
  noReference: string
  nextHeading: string
  /** The general promise, on the page as prerendered (the server puts in the request's own). */
  next: string
  keepReference: string
  callPrompt: string
  backHome: string
}

export const thankYouCopy: Localized<ThankYouCopy> = {
  en: {
    title: 'Request received',
    description: 'Your request reached our office. Here is your reference and what happens next.',
    referenceLabel: 'Your reference',
    noReference: 'not shown (this page was opened without one)',
    nextHeading: 'What happens next',
    next: 'One of our agents reads your request and calls you within one business hour of our office hours.',
    keepReference: 'Keep your reference at hand: it lets us find your request at once.',
    callPrompt: 'In a hurry? Call us:',
    backHome: 'Back to the home page',
  },
  es: {
    title: 'Solicitud recibida',
    description: 'Su solicitud llegó a nuestra oficina. Aquí tiene su referencia y lo que sigue.',
    referenceLabel: 'Su referencia',
    noReference: 'no disponible (esta página se abrió sin ella)',
    nextHeading: 'Lo que sigue',
    next: 'Uno de nuestros agentes lee su solicitud y le llama dentro de una hora hábil de nuestro horario de oficina.',
    keepReference: 'Tenga a mano su referencia: con ella encontramos su solicitud enseguida.',
    callPrompt: '¿Tiene prisa? Llámenos:',
    backHome: 'Volver a la página de inicio',
  },
}
