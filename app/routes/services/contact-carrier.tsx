import { CarrierLink } from '#app/components/carrier-wordmark.tsx'
import { Hero } from '#app/components/hero.tsx'
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
      <section className="section section--tinted" aria-labelledby="carrier-list-heading">
        <div className="container">
          <h2 id="carrier-list-heading">{copy.listHeading}</h2>
          <p>{copy.listIntro}</p>
          <ul className="carrier-list">
            {carriers.map((carrier) => (
              <li key={carrier.name}>
                <CarrierLink carrier={carrier} newTabLabel={shell.newTab} className="carrier-list__link" />
              </li>
            ))}
          </ul>
        </div>
      </section>
    </>
  )
}
