import type { ReactNode } from 'react'
import { agency } from '#config/agency.ts'
import { ownerMember } from '#config/site-settings.ts'
import type { OwnerCopy } from '#content/types.ts'
import { useLocale } from '../site/i18n.ts'
import { AgencyPhoto } from './agency-photo.tsx'
import { OwnerPortrait } from './owner-portrait.tsx'

/**
 * The owner's photo (the illustrated portrait until the agency supplies one) beside the owner's
 * name and title and a few paragraphs. The home page heads the block with the title, the about
 * page with the name (`headline`); the other one is the line under the heading.
 */
export function OwnerBlock({
  className,
  headingId,
  copy,
  headline,
  children,
}: {
  className: string
  headingId: string
  copy: OwnerCopy
  headline: 'title' | 'name'
  /** What follows the paragraphs (a button). */
  children?: ReactNode
}) {
  const locale = useLocale()
  const [heading, underHeading] =
    headline === 'title' ? [copy.title, agency.owner.name] : [agency.owner.name, copy.title]
  // The desk's photo and bio of the owner (/admin/site, "People"), where an owner gave them.
  const member = ownerMember()
  const photo = member?.photo ?? null
  const bio = member?.bio[locale].trim() ?? ''
  const paragraphs = bio ? bio.split(/\n\s*\n/).map((p) => p.trim()) : copy.paragraphs
  return (
    <section className={className} aria-labelledby={headingId}>
      <div className="container owner-block">
        <AgencyPhoto
          name="owner"
          alt={photo?.alt[locale] || copy.photoLabel}
          uploaded={photo}
          sizes="240px"
          className="owner-photo"
          illustration={<OwnerPortrait label={copy.portraitLabel} />}
        />
        <div className="prose">
          <h2 id={headingId}>{heading}</h2>
          <p className="owner-block__name">{underHeading}</p>
          {paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
          {children}
        </div>
      </div>
    </section>
  )
}
