import type { PatternName } from '#forms/engine.ts'
import { byDateLimit, messages } from '#forms/field-rules.ts'
import { withAgencyPhone } from '#forms/patterns.ts'
import type { Localized } from './locale.ts'

/** Spanish for a value that does not match its field's named pattern. */
function spanishPattern(name: PatternName): string {
  switch (name) {
    case 'name':
      return "Use letras, espacios, apóstrofos, guiones y puntos, empezando por una letra (por ejemplo O'Connor, García-López, Ruiz Jr.)."
    case 'digits':
      return 'Use solo dígitos.'
    case 'taxNumber':
      return 'Escriba los 9 dígitos. Puede usar guiones o espacios, por ejemplo 123-45-6789.'
    case 'usPhone':
      return withAgencyPhone('Escriba un teléfono de EE. UU. de 10 dígitos, por ejemplo {phone}.')
  }
}

/**
 * The validation messages in the visitor's language, for validateField (forms/schema.ts) in the
 * browser. English is the schema's own object: the server always answers with it.
 */
export const formMessages = {
  en: messages,
  es: {
    required: 'Este campo es obligatorio.',
    notText: 'Envíe este campo como texto.',
    tooLong: (max: number) => `Use como máximo ${max} caracteres.`,
    singleLine: 'Use una sola línea, sin caracteres de control.',
    controlCharacters: 'Quite los caracteres de control de este texto.',
    directionControls:
      'Quite las marcas invisibles de dirección de este texto (pueden hacer que se lea al revés).',
    email: 'Escriba un correo electrónico válido, por ejemplo nombre@ejemplo.com.',
    option: 'Elija una de las opciones de la lista.',
    checkbox: "Marque la casilla o déjela vacía (una casilla marcada envía 'true').",
    wholeNumber: 'Escriba un número entero.',
    oneDecimal: 'Escriba un número con un decimal como máximo, por ejemplo 18.5.',
    numberRange: (min: number, max: number) => `Escriba un número del ${min} al ${max}.`,
    dateFormat: 'Escriba la fecha en formato AAAA-MM-DD.',
    realDate: 'Escriba una fecha que exista en el calendario.',
    minWords: (count: number) => `Escriba al menos ${count} palabras.`,
    dateMin: byDateLimit(
      'Elija la fecha de hoy o una posterior.',
      (years) => `Elija una fecha de hace ${years} años como máximo.`,
    ),
    dateMax: byDateLimit(
      'Elija la fecha de hoy o una anterior.',
      (years) => `Elija una fecha de hace al menos ${years} años.`,
    ),
    pattern: spanishPattern,
    notAnObject: 'Envíe los campos del formulario como un objeto JSON.',
  },
} satisfies Localized<typeof messages>
