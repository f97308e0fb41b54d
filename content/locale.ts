/**
 * The site's languages, and the shape of copy written once per language: shared by the copy
 * (content/) and the React pages that show it, so the copy depends on nothing of the UI.
 */
// Adding a language to this list makes every content module that lacks it fail the type check.
export const locales = ['en', 'es'] as const
export type Locale = (typeof locales)[number]

/** Content written once per language; a language missing from an object fails the type check. */
export type Localized<T> = Record<Locale, T>
