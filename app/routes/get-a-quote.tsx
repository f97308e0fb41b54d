import { getAQuotePage } from '#content/pages/get-a-quote.ts'
import { quoteRequest } from '#forms/definitions/quote-request.ts'
import { Blocks } from '../components/blocks.tsx'
import { FormSection } from '../components/content-page.tsx'
import { Banner, Hero } from '../components/hero.tsx'
import { PageForm } from '../components/page-form.tsx'
import type { RouteHandle } from '../root.tsx'
import { useHref, useLocale, useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'
import { quoteFormsByLine } from '../site/quote-forms-by-line.ts'

export const meta = pageMeta(getAQuotePage)
export const handle: RouteHandle = { formIsland: true }

/** The detailed quote forms, as large links grouped by line, above the general form. */
function DetailedForms() {
  const copy = useLocalized(getAQuotePage).detailed
  const href = useHref()
  const lines = quoteFormsByLine(useLocale())
  return (
    <section className="section quote-lines" aria-labelledby="quote-lines-heading">
      <div className="container">
        <h2 id="quote-lines-heading">{copy.heading}</h2>
        <p>{copy.intro}</p>
        <div className="quote-lines__grid">
          {lines.map((line) => (
            <div key={line.path} className="quote-lines__group">
              <h3>{line.title}</h3>
              <ul>
                {line.products.map((product) => (
                  <li key={product.path}>
                    <a href={href(product.path)} className="quote-lines__link">
                      {product.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </div>
    </section>
  )
}

export default function GetAQuotePage() {
  const copy = useLocalized(getAQuotePage)
  const form = copy.form
  return (
    <>
      <Banner title={copy.banner} />
      <Hero hero={copy.hero} />
      <DetailedForms />
      <Blocks blocks={copy.blocks} idPrefix="block" />
      <FormSection anchor={form.anchor} heading={form.heading} intro={form.intro}>
        <PageForm form={quoteRequest} />
      </FormSection>
    </>
  )
}
