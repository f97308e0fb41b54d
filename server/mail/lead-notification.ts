/**
 * The e-mail the agency receives for a lead: subject naming the form and the visitor, every field
 * with its label in the form's order (plain text, and a simple HTML part rendered with React, which
 * escapes every value), and the visitor in Reply-To. Sensitive fields are left out entirely.
 */
import { html } from 'htm/react'
import type { FormDefinition } from '../../forms/engine.ts'
import { allFields } from '../../forms/engine.ts'
import { visitorName } from '../../forms/visitor-name.ts'
import { htmlDocument } from '../views/html-document.ts'

export interface LeadForMail {
  id: string
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
}

const languageNames: Record<string, string> = { en: 'English', es: 'Spanish (español)' }

/** Removes line breaks so a visitor's text can never add a header line to the message. */
function singleLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()
}

export function buildLeadNotification(form: FormDefinition, lead: LeadForMail): NotificationMessage {
  const name = singleLine(visitorName(lead.fields, form.visitor.name) || 'a visitor')
  const language = languageNames[lead.language] ?? lead.language
  const spanish = lead.language === 'es' ? ' [Spanish]' : ''
  const subject = singleLine(`New ${form.title} from ${name}${spanish}`).slice(0, 200)

  const unmailed = new Set([...form.sensitiveFields, ...form.honeypotFields])
  const rows = allFields(form)
    .filter((field) => !unmailed.has(field.name))
    .map((field) => ({ label: field.label, value: lead.fields[field.name] ?? '' }))
    .filter((row) => row.value !== '')
  const sensitiveGiven = form.sensitiveFields.some((name) => (lead.fields[name] ?? '') !== '')
  const received = lead.receivedAt.toISOString()
  const intro = `A new ${form.title} request came in through the website (lead ${lead.id}).`
  const languageLine = `Language of the visitor: ${language}`
  const sensitiveNote = sensitiveGiven
    ? 'Sensitive numbers (SSN, EIN) were provided; they are stored encrypted and shown only in the staff inbox.'
    : ''

  const text = [
    intro,
    languageLine,
    `Received: ${received}`,
    '',
    ...rows.map((row) => `${row.label}: ${row.value}`),
    ...(sensitiveNote ? ['', sensitiveNote] : []),
  ].join('\n')

  // Inline styles: mail clients drop stylesheets. React escapes every value a visitor typed.
  const cell = { borderBottom: '1px solid #ddd' }
  const htmlPart = htmlDocument(html`<html>
    <body style=${{ fontFamily: 'Arial,sans-serif', color: '#1c2530' }}>
      <p>${intro}</p>
      <p><strong>${languageLine}</strong><br />Received: ${received}</p>
      <table cellPadding="6" style=${{ borderCollapse: 'collapse' }}>
        <tbody>
          ${rows.map(
            (row, index) => html`<tr key=${index}>
              <th align="left" valign="top" style=${cell}>${row.label}</th>
              <td style=${{ ...cell, whiteSpace: 'pre-wrap' }}>${row.value}</td>
            </tr>`,
          )}
        </tbody>
      </table>
      ${sensitiveNote && html`<p>${sensitiveNote}</p>`}
    </body>
  </html>`)

  const email = form.visitor.email.map((field) => lead.fields[field]).find(Boolean)
  return {
    subject,
    text,
    html: htmlPart,
    ...(email ? { replyTo: { name, address: email } } : {}),
  }
}
