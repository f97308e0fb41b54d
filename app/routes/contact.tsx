import { Mail, MapPin, Phone, Printer } from 'lucide-react'
import { agency } from '#config/agency.ts'
import {
  addressLines,
  agencyFax,
  agencyPhone,
  type DayCode,
  localityParts,
  timeLabel,
} from '#config/agency-facts.ts'
import { type ContactCopy, contactPage } from '#content/pages/contact.ts'
import { shellCopy } from '#content/shell.ts'
import { contactMessage } from '#forms/definitions/contact-message.ts'
import { AgencyJsonLd } from '../components/agency-json-ld.tsx'
import { Banner } from '../components/hero.tsx'
import { MapFrame } from '../components/map-frame.tsx'
import { PageForm } from '../components/page-form.tsx'
import { PageIntro } from '../components/page-intro.tsx'
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
  const shell = useLocalized(shellCopy)
  const socials = [
    { name: shell.social.facebook, url: agency.social.facebook },
    { name: shell.social.instagram, url: agency.social.instagram },
    { name: shell.social.youtube, url: agency.social.youtube },
  ]
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
                <span className="icon-line">
                  <Phone aria-hidden="true" width={18} height={18} />
                  <span>
                    {copy.details.phone}: <a href={agencyPhone.href}>{agencyPhone.display}</a>
                  </span>
                </span>
                <span className="icon-line">
                  <Printer aria-hidden="true" width={18} height={18} />
                  <span>
                    {copy.details.fax}: {agencyFax.display}
                  </span>
                </span>
                <span className="icon-line">
                  <Mail aria-hidden="true" width={18} height={18} />
                  <span>
                    {copy.details.email}: <a href={`mailto:${agency.email}`}>{agency.email}</a>
                  </span>
                </span>
                <span className="icon-line">
                  <MapPin aria-hidden="true" width={18} height={18} />
                  <span>
                    {copy.details.address}: {addressLines[0]}
                    <br />
                    {localityParts}
                  </span>
                </span>
              </address>
              <h3 className="contact-details__social-heading">{copy.details.social}</h3>
              <ul className="inline-links">
                {socials.map((s) => (
                  <li key={s.url}>
                    <a href={s.url} target="_blank" rel="noopener noreferrer">
                      {s.name}
                      <span className="visually-hidden"> {shell.newTab}</span>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          </div>
        </div>
      </div>
      <section className="section" aria-labelledby="contact-map-heading">
        <div className="container">
          <h2 id="contact-map-heading">{copy.map.heading}</h2>
          <MapFrame title={copy.map.title} height={450} linkLabel={copy.map.link} />
        </div>
      </section>
    </>
  )
}
