import { AgencyPhoto } from '#app/components/agency-photo.tsx'
import { CardGrid } from '#app/components/blocks.tsx'
import { Hero } from '#app/components/hero.tsx'
import { OwnerPortrait } from '#app/components/owner-portrait.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { agency } from '#config/agency.ts'
import { aboutPage } from '#content/pages/about.ts'

export const meta = pageMeta(aboutPage)

export default function AboutPage() {
  const copy = useLocalized(aboutPage)
  // hidden cards (refer-friend: `hidden` in content/pages/about.ts) stay in the content but are not shown
  const cards = copy.more.cards.filter((card) => !card.hidden)
  return (
    <>
      <Hero hero={copy.hero} />
      <section className="section" aria-labelledby="about-owner-heading">
        <div className="container owner-block">
          <AgencyPhoto
            name="owner"
            alt={copy.owner.photoLabel}
            sizes="240px"
            className="owner-photo"
            illustration={<OwnerPortrait label={copy.owner.portraitLabel} />}
          />
          <div className="prose">
            <h2 id="about-owner-heading">{agency.owner.name}</h2>
            <p className="owner-block__name">{copy.owner.title}</p>
            {copy.owner.paragraphs.map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </div>
      </section>
      <section className="section section--tinted" aria-labelledby="about-more-heading">
        <div className="container">
          <h2 id="about-more-heading" className="section__title">
            {copy.more.heading}
          </h2>
          <CardGrid cards={cards} />
        </div>
      </section>
    </>
  )
}
