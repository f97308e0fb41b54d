import { CardGrid } from '#app/components/blocks.tsx'
import { Hero } from '#app/components/hero.tsx'
import { OwnerBlock } from '#app/components/owner-block.tsx'
import { Section } from '#app/components/section.tsx'
import { TeamList } from '#app/components/team-list.tsx'
import { useLocalized } from '#app/site/i18n.ts'
import { pageMeta } from '#app/site/meta.ts'
import { aboutPage } from '#content/pages/about.ts'

export const meta = pageMeta(aboutPage)

export default function AboutPage() {
  const copy = useLocalized(aboutPage)
  // hidden cards (refer-friend: `hidden` in content/pages/about.ts) stay in the content but are not shown
  const cards = copy.more.cards.filter((card) => !card.hidden)
  return (
    <>
      <Hero hero={copy.hero} />
      <OwnerBlock className="section" headingId="about-owner-heading" copy={copy.owner} headline="name" />
      <TeamList heading={copy.team.heading} />
      <Section className="section section--tinted" headingId="about-more-heading" copy={copy.more} centered>
        <CardGrid cards={cards} />
      </Section>
    </>
  )
}
