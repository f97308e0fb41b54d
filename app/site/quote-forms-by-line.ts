import type { Locale } from '#content/locale.ts'
import { formDefinitions } from '#forms/registry.ts'
import { insuranceLineLinks, type LineLinks } from './insurance-lines.ts'

/**
 * The pages that carry a detailed quote form, by line, read from the form definitions (every page
 * of every quote form, the general request's own page left out): what /get-a-quote offers above
 * its general form. A form on a line page itself (business) is named by that page.
 */
export function quoteFormsByLine(locale: Locale): LineLinks[] {
  const formPages = new Set(
    formDefinitions
      .filter((form) => form.family === 'quote')
      .flatMap((form) => form.pages)
      .filter((path) => path !== '/get-a-quote'),
  )
  return insuranceLineLinks(locale)
    .map((line) => {
      const own = formPages.has(line.path) ? [{ path: line.path, title: line.title }] : []
      const products = line.products.filter((product) => formPages.has(product.path))
      return { ...line, products: [...own, ...products] }
    })
    .filter((line) => line.products.length > 0)
}
