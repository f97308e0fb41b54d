import { getAQuotePage } from '#content/pages/get-a-quote.ts'
import { quoteRequest } from '#forms/definitions/quote-request.ts'
import { Blocks } from '../components/blocks.tsx'
import { FormSection } from '../components/content-page.tsx'
import { Banner, Hero } from '../components/hero.tsx'
import { PageForm } from '../components/page-form.tsx'
import { Section } from '../components/section.tsx'
import { ProductLinks } from '../components/site-header.tsx'
import type { RouteHandle } from '../root.tsx'
import { useLocale, useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'
import { quoteFormsByLine } from '../site/quote-forms-by-line.ts'

export const meta = pageMeta(getAQuotePage)
export const handle: RouteHandle = { formIsland: true }

/** The detailed quote forms, as large links grouped by line, above the general form. */
function DetailedForms() {
  const copy = useLocalized(getAQuotePage).detailed
  const lines = quoteFormsByLine(useLocale())
  return (
    <Section className="section quote-lines" headingId="quote-lines-heading" copy={copy}>
      <div className="quote-lines__grid">
        {lines.map((line) => (
          <div key={line.path} className="quote-lines__group">
            <h3>{line.title}</h3>
            <ProductLinks products={line.products} linkClassName="quote-lines__link" />
          </div>
        ))}
      </div>
    </Section>
  )
}

export default function GetAQuotePage() {
  const copy = useLocalized(getAQuotePage)
  return (
    <>
      <Banner title={copy.banner} />
      <Hero hero={copy.hero} />
      <DetailedForms />
      <Blocks blocks={copy.blocks} idPrefix="block" />
      <FormSection copy={copy.form}>
        <PageForm form={quoteRequest} />
      </FormSection>
    </>
  )
}
