import { Phone } from 'lucide-react'
import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import { featuredCarrierEntries } from '#config/carriers.ts'
import { homePage } from '#content/pages/home.ts'
import { contactMessage } from '#forms/definitions/contact-message.ts'
import { AgencyJsonLd } from '../components/agency-json-ld.tsx'
import { CardGrid } from '../components/blocks.tsx'
import { CarrierWordmark } from '../components/carrier-wordmark.tsx'
import { FormSection } from '../components/content-page.tsx'
import { Icon } from '../components/icon.tsx'
import { OwnerBlock } from '../components/owner-block.tsx'
import { PageForm } from '../components/page-form.tsx'
import { Section } from '../components/section.tsx'
import type { RouteHandle } from '../root.tsx'
import { useHref, useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

export const meta = pageMeta(homePage)
export const handle: RouteHandle = { formIsland: true }

export default function HomePage() {
  const copy = useLocalized(homePage)
  const href = useHref()
  return (
    <>
      <AgencyJsonLd path="/" />
      <div className="hero hero--home">
        <div className="container hero__inner">
          <div className="hero__text">
            <h1>{agency.name}</h1>
            <p className="hero__phone">
              <a href={agencyPhone.href}>
                <Phone aria-hidden="true" width={22} height={22} />
                <span className="visually-hidden">{copy.hero.phoneLabel}: </span>
                {agencyPhone.display}
              </a>
            </p>
            <p className="hero__tagline">{copy.hero.tagline}</p>
            <a href={href(copy.hero.button.href)} className="button button--accent button--large">
              {copy.hero.button.label}
            </a>
          </div>
          <div className="hero__art" aria-hidden="true">
            <Icon name="shield" size={120} />
          </div>
        </div>
      </div>

      <Section headingId="home-services-heading" copy={copy.services} centered>
        <CardGrid cards={copy.services.cards} />
      </Section>

      <OwnerBlock
        className="section section--tinted"
        headingId="home-about-heading"
        copy={copy.about}
        headline="title"
      >
        <a href={href(copy.about.button.href)} className="button">
          {copy.about.button.label}
        </a>
      </OwnerBlock>

      <FormSection copy={copy.contact}>
        <PageForm form={contactMessage} />
      </FormSection>

      <Section
        className="section section--tinted"
        headingId="home-carriers-heading"
        copy={copy.carriers}
        centered
      >
        <ul className="carrier-strip">
          {featuredCarrierEntries().map((carrier) => (
            <li key={carrier.name} className="carrier-tile">
              <CarrierWordmark carrier={carrier} short />
            </li>
          ))}
        </ul>
        <p className="center-actions">
          <a href={href(copy.carriers.more.href)} className="button button--ghost">
            {copy.carriers.more.label}
          </a>
        </p>
      </Section>
    </>
  )
}
