import { type FormKey, formDefinitions } from '#forms/registry.ts'

/** Where each form lives: its own page, the first of its definition's pages. */
export const formPages: [FormKey, string][] = formDefinitions.map((form) => [form.key, form.pages[0]])
