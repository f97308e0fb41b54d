import type { Localized } from './locale.ts'

/** What the server says to a visitor whose browser posted a form itself (no JavaScript). */
export interface NoJsCopy {
  /** Before the page title of a form sent back with errors (screen readers hear it first). */
  errorTitlePrefix: string
  /** Beside an SSN or EIN field, which is never sent back. */
  typeAgain: string
  rateLimitedHeading: string
  tryAgainIn: (minutes: number) => string
  /** Under the failure words every form shares (content/form-ui.ts). */
  failedText: string
  callUs: string
  goBack: string
}

export const noJsCopy: Localized<NoJsCopy> = {
  en: {
    errorTitlePrefix: 'Error: ',
    typeAgain: 'For your security this number was not kept. Please type it again.',
    rateLimitedHeading: 'Too many requests from this connection',
    tryAgainIn: (minutes) =>
      `To protect our office from automated requests, we accept only a few at a time. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}. Nothing you sent was kept.`,
    failedText: 'Your request could not be saved just now. Go back: your answers are still in the form.',
    callUs: 'Or call us:',
    goBack: 'Go back to the form',
  },
  es: {
    errorTitlePrefix: 'Error: ',
    typeAgain: 'Por su seguridad no guardamos este número. Escríbalo de nuevo, por favor.',
    rateLimitedHeading: 'Demasiadas solicitudes desde esta conexión',
    tryAgainIn: (minutes) =>
      `Para proteger nuestra oficina de envíos automáticos, aceptamos solo unos pocos a la vez. Inténtelo de nuevo en ${minutes} ${minutes === 1 ? 'minuto' : 'minutos'}. No guardamos nada de lo que envió.`,
    failedText:
      'No pudimos guardar su solicitud en este momento. Vuelva atrás: sus respuestas siguen en el formulario.',
    callUs: 'O llámenos:',
    goBack: 'Volver al formulario',
  },
}
