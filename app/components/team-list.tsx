import { visibleTeam } from '#config/site-settings.ts'
import { useLocale } from '../site/i18n.ts'
import { ResponsivePhoto, uploadedPhoto } from './agency-photo.tsx'
import { Section } from './section.tsx'

/**
 * The agency's team as the desk lists it (/admin/site, "People"): everyone but the owner (whose
 * block is above), in the desk's order, hidden people left out; nothing at all while the list has
 * nobody else, as a new install starts.
 */
export function TeamList({ heading }: { heading: string }) {
  const locale = useLocale()
  const team = visibleTeam()
  if (team.length === 0) return null
  return (
    <Section className="section" headingId="about-team-heading" copy={{ heading }} centered>
      <ul className="team-list">
        {team.map((member) => (
          <li key={member.name} className="team-member">
            {member.photo ? (
              <ResponsivePhoto
                photo={uploadedPhoto(member.photo)}
                alt={member.photo.alt[locale] || member.name}
                sizes="160px"
                className="team-member__photo"
              />
            ) : null}
            <h3>{member.name}</h3>
            <p className="team-member__title">{member.title[locale]}</p>
            {member.bio[locale] ? <p>{member.bio[locale]}</p> : null}
          </li>
        ))}
      </ul>
    </Section>
  )
}
