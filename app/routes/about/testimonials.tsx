import { Fragment } from 'react'
import { FormSection } from '#app/components/content-page.tsx'
import { PageForm } from '#app/components/page-form.tsx'
import { PageIntro } from '#app/components/page-intro.tsx'
import type { RouteHandle } from '#app/root.tsx'
import { useLocale, useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { testimonialsPage } from '#content/pages/testimonials.ts'
import { newTestimonial } from '#forms/definitions/new-testimonial.ts'

export const meta = pageMeta(testimonialsPage)
export const handle: RouteHandle = { formIsland: true }

/** A quote's own line breaks, kept as <br> so they survive copying, reader modes and any CSS. */
function QuoteLines({ text }: { text: string }) {
  const lines = text.split('\n')
  return lines.map((line, i) => (
    // lines of one quote never reorder, so their position is a stable key
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <Fragment key={i}>
      {i > 0 ? <br /> : null}
      {line}
    </Fragment>
  ))
}

export default function TestimonialsPage() {
  const copy = useLocalized(testimonialsPage)
  const locale = useLocale()
  return (
    <>
      <PageIntro heading={copy.heading} paragraphs={[copy.intro]} />
      <section className="section section--flush" aria-label={copy.listLabel}>
        <div className="container">
          <ul className="testimonial-grid">
            {copy.testimonials.map((t) => (
              <li key={t.name}>
                <figure className="testimonial">
                  <blockquote lang={t.lang === locale ? undefined : t.lang}>
                    <p>
                      <QuoteLines text={t.quote} />
                    </p>
                  </blockquote>
                  <figcaption>{t.name}</figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <FormSection copy={copy.form}>
        <PageForm form={newTestimonial} />
      </FormSection>
    </>
  )
}
