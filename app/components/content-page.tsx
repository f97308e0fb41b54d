import type { ReactNode } from 'react'
import type { ContentPage, FormSectionCopy } from '#content/types.ts'
import { Blocks } from './blocks.tsx'
import { Hero } from './hero.tsx'

/** A product or hub page: hero, explainers, accordions, cards, then the page's form section if it has one. */
export function ContentPageView({ page, children }: { page: ContentPage; children?: ReactNode }) {
  return (
    <>
      <Hero hero={page.hero} />
      <Blocks blocks={page.blocks} idPrefix="block" />
      {page.form ? <FormSection copy={page.form}>{children}</FormSection> : null}
    </>
  )
}

/** The section a hero button scrolls to; its id is the page's fixed anchor (docs/contracts.md, "Pages"). */
export function FormSection({ copy, children }: { copy: FormSectionCopy; children?: ReactNode }) {
  const { anchor, heading, intro } = copy
  return (
    <section id={anchor} className="section form-section" aria-labelledby={`${anchor}-heading`}>
      <div className="container container--narrow">
        <h2 id={`${anchor}-heading`}>{heading}</h2>
        <p>{intro}</p>
        {children}
      </div>
    </section>
  )
}
