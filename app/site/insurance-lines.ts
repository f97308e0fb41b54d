/**
 * The insurance lines as the menu and /get-a-quote list them: each line page of the route table
 * and its products, named by the line page's own cards in the reader's language. Content only (no
 * form definitions), as every page's header reads it.
 */
import { insuranceCategories } from '#content/insurance-categories.ts'
import type { Locale } from '#content/locale.ts'
import { businessPage } from '#content/pages/business.ts'
import { lifePage } from '#content/pages/life.ts'
import { othersPage } from '#content/pages/others.ts'
import { propertyPage } from '#content/pages/property.ts'
import { vehiclePage } from '#content/pages/vehicle.ts'
import type { Card, ContentPage } from '#content/types.ts'

const linePages = [
  { path: '/insurance/vehicle', content: vehiclePage },
  { path: '/insurance/property', content: propertyPage },
  { path: '/insurance/life', content: lifePage },
  { path: '/insurance/business', content: businessPage },
  { path: '/insurance/others', content: othersPage },
] as const

export interface LineLinks {
  path: string
  title: string
  products: { path: string; title: string }[]
}

function productCards(page: ContentPage): Card[] {
  for (const block of page.blocks) if (block.kind === 'cards') return block.cards
  return []
}

/** Every line with every product its page's cards lead to (the menu). */
export function insuranceLineLinks(locale: Locale): LineLinks[] {
  return linePages.map((line) => {
    const page: ContentPage = line.content[locale]
    // The line's name as the /insurance hub's cards give it ("Specialty Insurance"), not its hero's slogan.
    const category = insuranceCategories[locale].find((card) => card.href === line.path)
    return {
      path: line.path,
      title: category?.title ?? page.hero.title,
      products: productCards(page).map((card) => ({ path: card.href, title: card.title })),
    }
  })
}
