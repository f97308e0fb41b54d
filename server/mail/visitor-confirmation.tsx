/**
 * The copy a visitor receives after sending a form, in the language of the page they used, written
 * as the agency: its name in From (MAIL_FROM's address), what was asked for (the form's title, and
 * the line of insurance chosen on the general quote request, in the visitor's language), the
 * reference to quote when they call, when the agency will call them (within one business hour,
 * server/leads/business-hours.ts), the office hours, the privacy notice and a signature with the
 * agency's name, phone and address. It repeats nothing the visitor typed (no name, no message, no
 * part of their address: the To line names no one), so whoever types a stranger's address into a
 * form can make the site send this text and nothing else; which leads get one at all, and how
 * many, is server/leads/visitor-copies.ts's. The agency is in Reply-To.
 */

import { agency } from '#config/agency.ts'
import { agencyPhone, type DayCode, dayCodes, fullAddress } from '#config/agency-facts.ts'
import { callBackSentence } from '#content/call-back.ts'
import { formText } from '#content/form-text.ts'
import type { Locale } from '#content/locale.ts'
import { allFields, type FormDefinition } from '#forms/engine.ts'
import { htmlDocument } from '../views/html-document.ts'
import type { NotificationMessage } from './lead-notification.tsx'

const copy = {
  en: {
    subject: (reference: string) => `We received your request · Reference ${reference}`,
    hello: 'Hello,',
    received: `Thank you for contacting ${agency.name}. We received your request.`,
    requested: 'What you asked for',
    reference: 'Your reference',
    keep: 'Please keep it: mention it when you call or write to us.',
    hours: 'Office hours',
    closed: 'closed',
    contact: 'Phone',
    address: 'Office',
    privacy: 'How we handle your information',
    regards: 'Kind regards,',
    notYou:
      'You received this e-mail because this address was entered in a form on our website. If you did not send it, you can ignore this message.',
    locale: 'en-US',
    privacyPath: '/privacy',
  },
  es: {
    subject: (reference: string) => `Recibimos su solicitud · Referencia ${reference}`,
    hello: 'Hola:',
    received: `Gracias por comunicarse con ${agency.name}. Recibimos su solicitud.`,
    requested: 'Lo que nos pidió',
    reference: 'Su referencia',
    keep: 'Guárdela y menciónela cuando nos llame o escriba.',
    hours: 'Horario de oficina',
    closed: 'cerrado',
    contact: 'Teléfono',
    address: 'Oficina',
    privacy: 'Cómo tratamos su información',
    regards: 'Atentamente,',
    notYou:
      'Recibió este correo porque esta dirección se escribió en un formulario de nuestro sitio web. Si usted no lo envió, puede ignorar este mensaje.',
    locale: 'es-US',
    privacyPath: '/es/privacy',
  },
} as const

/** A weekday's name in `locale` (a fixed week whose 5 January 1970 was a Monday). */
function dayName(day: DayCode, locale: string): string {
  const date = new Date(Date.UTC(1970, 0, 5 + dayCodes.indexOf(day), 12))
  return new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date)
}

function clock(hhmm: string, locale: string): string {
  const [hours, minutes] = hhmm.split(':').map(Number)
  const date = new Date(Date.UTC(1970, 0, 1, hours ?? 0, minutes ?? 0))
  return new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date)
}

/** One line per group of days in config/agency.ts, e.g. "Monday–Thursday: 9:00 AM – 5:00 PM". */
function hourLines(language: Locale): string[] {
  const text = copy[language]
  return agency.hours.map((entry) => {
    const first = entry.days[0]
    const last = entry.days[entry.days.length - 1]
    const days =
      first === last || !first || !last
        ? dayName(first ?? 'Mo', text.locale)
        : `${dayName(first, text.locale)}–${dayName(last, text.locale)}`
    const time =
      entry.opens && entry.closes
        ? `${clock(entry.opens, text.locale)} – ${clock(entry.closes, text.locale)}`
        : text.closed
    return `${days}: ${time}`
  })
}

/** The address a confirmation goes to: the form's first filled e-mail field, or none. */
export function visitorAddress(form: FormDefinition, fields: Record<string, string>): string | undefined {
  const address = form.visitor.email.map((field) => fields[field]?.trim()).find(Boolean)
  // A line break would let a value add a header line; the form's validation refuses one anyway.
  return address && !/[\s,;<>]/.test(address) ? address : undefined
}

/**
 * What was asked for, in the visitor's language: the form's title ("Boat insurance quote"), and on
 * the general quote request the line chosen ("Quote request: Home insurance"). Only words of the
 * form's definition: the chosen line is one of its options (validated), never the visitor's text.
 */
function requestTitle(requested: RequestedForm, language: Locale): string {
  const { form, answers } = requested
  const title = formText(language, form.title)
  const lineField = form.lineByAnswer?.field
  const chosen = lineField ? answers[lineField] : undefined
  const field = allFields(form).find((candidate) => candidate.name === lineField)
  const option =
    field && 'options' in field ? field.options.find((choice) => choice.value === chosen) : undefined
  return option ? `${title}: ${formText(language, option.label)}` : title
}

/** The form a lead was sent with and its answers, for the line of what was asked for. */
export interface RequestedForm {
  form: FormDefinition
  answers: Record<string, string>
}

export function buildVisitorConfirmation(
  lead: {
    reference: string
    language: string
    receivedAt: Date
    /** Without it the copy says only that a request was received. */
    requested?: RequestedForm
  },
  settings: { siteUrl: string },
): NotificationMessage {
  const language: Locale = lead.language === 'es' ? 'es' : 'en'
  const text = copy[language]
  const requested = lead.requested && requestTitle(lead.requested, language)
  // The one call-back promise, the sentence the page's dialog and thank-you page say
  // (content/call-back.ts), with plain spaces in a text e-mail.
  const next = callBackSentence(lead.receivedAt, language).replace(/\u00a0/g, ' ')
  const phone = agencyPhone.display
  const address = fullAddress()
  const privacyUrl = `${settings.siteUrl}${text.privacyPath}`
  const hours = hourLines(language)

  const plain = [
    text.hello,
    '',
    text.received,
    ...(requested ? [`${text.requested}: ${requested}`] : []),
    `${text.reference}: ${lead.reference}`,
    text.keep,
    '',
    next,
    '',
    `${text.hours}:`,
    ...hours,
    '',
    text.regards,
    agency.name,
    `${text.contact}: ${phone}`,
    `${text.address}: ${address}`,
    settings.siteUrl,
    '',
    `${text.privacy}: ${privacyUrl}`,
    text.notYou,
  ].join('\n')

  // Inline styles: mail clients drop stylesheets.
  const htmlPart = htmlDocument(
    <html lang={language}>
      <body style={{ fontFamily: 'Arial,sans-serif', color: '#1c2530' }}>
        <p>{text.hello}</p>
        <p>{text.received}</p>
        {requested ? (
          <p>
            {text.requested}: <strong>{requested}</strong>
          </p>
        ) : null}
        <p>
          {text.reference}: <strong>{lead.reference}</strong>
          <br />
          {text.keep}
        </p>
        <p>
          <strong>{next}</strong>
        </p>
        <p>
          {text.hours}:<br />
          {hours.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the office hours' lines in order, rendered once
            <span key={index}>
              {line}
              <br />
            </span>
          ))}
        </p>
        <p>
          {text.regards}
          <br />
          <strong>{agency.name}</strong>
          <br />
          {text.contact}: <a href={agencyPhone.href}>{phone}</a>
          <br />
          {text.address}: {address}
          <br />
          <a href={settings.siteUrl}>{settings.siteUrl}</a>
        </p>
        <p>
          <a href={privacyUrl}>{text.privacy}</a>
        </p>
        <p style={{ color: '#55606c', fontSize: '13px' }}>{text.notYou}</p>
      </body>
    </html>,
  )

  return {
    subject: text.subject(lead.reference),
    text: plain,
    html: htmlPart,
    replyTo: { name: agency.name, address: agency.email },
    // The agency's name with MAIL_FROM's address; no To line naming the recipient, whose address's
    // local part (a plus-tag above all) is whatever the sender of the form typed.
    fromName: agency.name,
    recipientHidden: true,
  }
}
