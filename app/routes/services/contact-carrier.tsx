import { CarrierLink } from '#app/components/carrier-wordmark.tsx'
import { Hero } from '#app/components/hero.tsx'
import { Section } from '#app/components/section.tsx'
import { useHref, useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { carriers } from '#config/carriers.ts'
import { contactCarrierPage } from '#content/pages/contact-carrier.ts'
import { shellCopy } from '#content/shell.ts'

export const meta = pageMeta(contactCarrierPage)

export default function ContactCarrierPage() {
  const copy = useLocalized(contactCarrierPage)
  const shell = useLocalized(shellCopy)
  const href = useHref()
  const { contactUs } = copy.intro
  return (
    <>
      <Hero hero={copy.hero} />
      <section className="section" aria-labelledby="carrier-intro-heading">
        <div className="container">
          <div className="prose">
            <h2 id="carrier-intro-heading">{copy.intro.heading}</h2>
            {copy.intro.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
            <p>
              {contactUs.before}
              <a href={href('/contact')}>{contactUs.link}</a>
              {contactUs.after}
            </p>
          </div>
        </div>
      </section>
      <Section
        className="section section--tinted"
        headingId="carrier-list-heading"
        copy={{ heading: copy.listHeading, intro: copy.listIntro }}
      >
        <ul className="carrier-list">
          {carriers.map((carrier) => (
            <li key={carrier.name}>
              <CarrierLink carrier={carrier} newTabLabel={shell.newTab} className="carrier-list__link" />
            </li>
          ))}
        </ul>
      </Section>
    </>
  )
}
