/**
 * The e-mail the agency receives for a lead, readable at a glance: the subject names the form (and
 * the line the visitor chose, on the general quote request), the visitor and the reference the
 * visitor was told to keep, with Spanish leads marked [ES]; the body gives the reference, the local
 * time in the agency's time zone, a link to the lead on the desk and every field with its label in
 * the form's order (a label two sections share carries its section: "Owner 1 — Full name"). Plain
 * text and a simple HTML part rendered with React, which escapes every value; the visitor in
 * Reply-To. Sensitive fields are left out entirely (docs/contracts.md, "Sensitive fields").
 */

import type { FormDefinition } from '#forms/engine.ts'
import { allFields } from '#forms/engine.ts'
import { fieldLabels } from '#forms/field-labels.ts'
import { visitorName } from '#forms/visitor-name.ts'
import { htmlDocument } from '../views/html-document.ts'

export interface LeadForMail {
  id: string
  /** The short reference the visitor was given (null only for a lead stored without one). */
  reference: string | null
  formKey: string
  fields: Record<string, string>
  language: string
  receivedAt: Date
}

export interface NotificationMessage {
  subject: string
  text: string
  html: string
  replyTo?: { name: string; address: string }
  /** Shown in From instead of MAIL_FROM's own name (mail-transport.ts). */
  fromName?: string
  /** The To line names no one; the recipient is the envelope's only (mail-transport.ts). */
  recipientHidden?: boolean
}

export interface NotificationSettings {
  /** The site's address; the lead's page is `<siteUrl>/admin/leads/<id>`. */
  siteUrl: string
  /** The agency's time zone (config/agency.ts): the time received is shown in it. */
  timeZone: string
}

const languageLines: Record<string, string> = {
  en: 'Language of the visitor: English',
  es: 'Language of the visitor: Spanish (español). The visitor used the Spanish site: reply in Spanish.',
}

/** Removes line breaks so a visitor's text can never add a header line to the message. */
function singleLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()
}

/** "Quote request (Home)" where the visitor chose the line, else the form's title ("Boat quote"). */
function whatWasAsked(form: FormDefinition, fields: Record<string, string>): string {
  const chosen = form.lineByAnswer ? fields[form.lineByAnswer.field] : undefined
  return chosen ? `${form.title} (${chosen})` : form.title
}

function localTime(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date)
}

function timeZoneName(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }).formatToParts(date)
  return parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone
}

export function buildLeadNotification(
  form: FormDefinition,
  lead: LeadForMail,
  settings: NotificationSettings,
): NotificationMessage {
  const name = singleLine(visitorName(lead.fields, form.visitor.name) || 'a visitor')
  const reference = lead.reference ?? lead.id
  const asked = singleLine(whatWasAsked(form, lead.fields))
  const spanish = lead.language === 'es' ? '[ES] ' : ''
  const subject = singleLine(`${spanish}${asked} from ${name} · ${reference}`).slice(0, 200)

  const unmailed = new Set([...form.sensitiveFields, ...form.honeypotFields])
  const labels = fieldLabels(form)
  const rows = allFields(form)
    .filter((field) => !unmailed.has(field.name))
    .map((field) => ({ label: labels.get(field.name) ?? field.label, value: lead.fields[field.name] ?? '' }))
    .filter((row) => row.value !== '')
  const sensitiveGiven = form.sensitiveFields.some((field) => (lead.fields[field] ?? '') !== '')
  const received = `Received: ${localTime(lead.receivedAt, settings.timeZone)} (${timeZoneName(lead.receivedAt, settings.timeZone)})`
  const deskLink = `${settings.siteUrl}/admin/leads/${lead.id}`
  const intro = `${asked} from ${name} through the website.`
  const referenceLine = `Reference: ${reference}`
  const languageLine = languageLines[lead.language] ?? `Language of the visitor: ${lead.language}`
  const sensitiveNote = sensitiveGiven
    ? 'Sensitive numbers (SSN, EIN) were provided; they are stored encrypted and shown only on the desk.'
    : ''

  const text = [
    intro,
    referenceLine,
    received,
    languageLine,
    `Open the lead: ${deskLink}`,
    '',
    ...rows.map((row) => `${row.label}: ${row.value}`),
    ...(sensitiveNote ? ['', sensitiveNote] : []),
  ].join('\n')

  // Inline styles: mail clients drop stylesheets. React escapes every value a visitor typed.
  const cell = { borderBottom: '1px solid #ddd' }
  const htmlPart = htmlDocument(
    // biome-ignore lint/a11y/useHtmlLang: the desk's English around what the visitor typed in either language
    <html>
      <body style={{ fontFamily: 'Arial,sans-serif', color: '#1c2530' }}>
        <p>{intro}</p>
        <p>
          <strong>{referenceLine}</strong>
          <br />
          {received}
          <br />
          <strong>{languageLine}</strong>
        </p>
        <p>
          <a href={deskLink}>Open the lead on the desk</a>
        </p>
        <table cellPadding="6" style={{ borderCollapse: 'collapse' }}>
          <tbody>
            {rows.map((row, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the form's rows in order, rendered once
              <tr key={index}>
                <th align="left" valign="top" style={cell}>
                  {row.label}
                </th>
                <td style={{ ...cell, whiteSpace: 'pre-wrap' }}>{row.value}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {sensitiveNote && <p>{sensitiveNote}</p>}
      </body>
    </html>,
  )

  const email = form.visitor.email.map((field) => lead.fields[field]).find(Boolean)
  return {
    subject,
    text,
    html: htmlPart,
    ...(email ? { replyTo: { name, address: email } } : {}),
  }
}
