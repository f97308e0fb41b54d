import type { Localized } from './locale.ts'

/**
 * Each site language's name: in English (for staff, and for search engines' structured data) and
 * in the language itself (the link that switches a page to it is written in its own language).
 */
export const languageNames = {
  en: { english: 'English', own: 'English' },
  es: { english: 'Spanish', own: 'Español' },
} satisfies Localized<{ english: string; own: string }>

/** A stored lead's language in English words; anything but 'es' was an English page. */
export function languageInEnglish(language: string): string {
  return languageNames[language === 'es' ? 'es' : 'en'].english
}
