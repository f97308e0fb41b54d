import { Mail, MapPin, Phone, Printer } from 'lucide-react'
import { agency } from '#config/agency.ts'
import { agencyFax, agencyPhone, type DayCode, timeLabel } from '#config/agency-facts.ts'
import { type ContactCopy, contactPage } from '#content/pages/contact.ts'
import { contactMessage } from '#forms/definitions/contact-message.ts'
import { AgencyJsonLd } from '../components/agency-json-ld.tsx'
import { IconLine, OfficeAddress } from '../components/contact-lines.tsx'
import { Banner } from '../components/hero.tsx'
import { MapFrame } from '../components/map-frame.tsx'
import { PageForm } from '../components/page-form.tsx'
import { PageIntro } from '../components/page-intro.tsx'
import { Section } from '../components/section.tsx'
import { SocialLinks } from '../components/social-links.tsx'
import type { RouteHandle } from '../root.tsx'
import { useLocalized } from '../site/i18n.ts'
import { pageMeta } from '../site/meta.ts'

export const meta = pageMeta(contactPage)
export const handle: RouteHandle = { formIsland: true }

type HoursCopy = ContactCopy['hours']

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '')

/** The config's groups of days are consecutive: three or more read as a range, two as a pair. */
function dayLabel(days: readonly DayCode[], copy: HoursCopy): string {
  const names = days.map((d) => copy.dayNames[d])
  const first = names[0] ?? ''
  const last = names[names.length - 1] ?? ''
  if (names.length === 1) return first
  return fill(names.length === 2 ? copy.dayPair : copy.dayRange, { first, last })
}

/** '17:00' → '5:00 pm', with a plain space (the call-back sentence's is a no-break one). */
const clockTime = (time: string, copy: HoursCopy) => timeLabel(time, copy.am, copy.pm, ' ')

function OpeningHoursList({ copy }: { copy: HoursCopy }) {
  return (
    <dl className="hours-list">
      {agency.hours.map((slot) => (
        <div key={slot.days.join('-')} className="hours-list__row">
          <dt>{dayLabel(slot.days, copy)}</dt>
          <dd>
            {slot.opens && slot.closes
              ? fill(copy.timeRange, {
                  opens: clockTime(slot.opens, copy),
                  closes: clockTime(slot.closes, copy),
                })
              : copy.closed}
          </dd>
        </div>
      ))}
    </dl>
  )
}

export default function ContactPage() {
  const copy = useLocalized(contactPage)
  return (
    <>
      <AgencyJsonLd path="/contact" />
      <Banner title={copy.banner} />
      <PageIntro heading={copy.heading} paragraphs={[copy.intro]} />
      <div className="section section--flush">
        <div className="container contact-layout">
          <section
            id={copy.form.anchor}
            className="contact-layout__form"
            aria-labelledby="contact-form-heading"
          >
            <h2 id="contact-form-heading">{copy.form.heading}</h2>
            <p>{copy.form.intro}</p>
            <PageForm form={contactMessage} />
          </section>
          <div className="contact-layout__info">
            <section className="info-panel" aria-labelledby="contact-hours-heading">
              <h2 id="contact-hours-heading">{copy.hours.heading}</h2>
              <OpeningHoursList copy={copy.hours} />
            </section>
            <section className="info-panel" aria-labelledby="contact-details-heading">
              <h2 id="contact-details-heading">{copy.details.heading}</h2>
              <address className="contact-details">
                <strong>{agency.name}</strong>
                <IconLine icon={Phone}>
                  <span>
                    {copy.details.phone}: <a href={agencyPhone.href}>{agencyPhone.display}</a>
                  </span>
                </IconLine>
                <IconLine icon={Printer}>
                  <span>
                    {copy.details.fax}: {agencyFax.display}
                  </span>
                </IconLine>
                <IconLine icon={Mail}>
                  <span>
                    {copy.details.email}: <a href={`mailto:${agency.email}`}>{agency.email}</a>
                  </span>
                </IconLine>
                <IconLine icon={MapPin}>
                  <span>
                    {copy.details.address}: <OfficeAddress />
                  </span>
                </IconLine>
              </address>
              <h3 className="contact-details__social-heading">{copy.details.social}</h3>
              <SocialLinks className="inline-links" names />
            </section>
          </div>
        </div>
      </div>
      <Section headingId="contact-map-heading" copy={copy.map}>
        <MapFrame title={copy.map.title} height={450} linkLabel={copy.map.link} />
      </Section>
    </>
  )
}
