/**
 * The e-mail the agency receives for a lead: subject naming the form and the visitor, every field
 * with its label in the form's order (plain text and a simple HTML part, values escaped), and the
 * visitor in Reply-To. Sensitive fields are left out entirely.
 */
import type { FormDefinition } from '../../forms/engine.ts'
import { allFields } from '../../forms/engine.ts'
import { visitorName } from '../../forms/visitor-name.ts'

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

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

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

  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1c2530">',
    `<p>${escapeHtml(intro)}</p>`,
    `<p><strong>${escapeHtml(languageLine)}</strong><br>Received: ${escapeHtml(received)}</p>`,
    '<table cellpadding="6" style="border-collapse:collapse">',
    ...rows.map(
      (row) =>
        `<tr><th align="left" valign="top" style="border-bottom:1px solid #ddd">${escapeHtml(row.label)}</th>` +
        `<td style="border-bottom:1px solid #ddd;white-space:pre-wrap">${escapeHtml(row.value)}</td></tr>`,
    ),
    '</table>',
    sensitiveNote ? `<p>${escapeHtml(sensitiveNote)}</p>` : '',
    '</body></html>',
  ].join('\n')

  const email = form.visitor.email.map((field) => lead.fields[field]).find(Boolean)
  return {
    subject,
    text,
    html,
    ...(email ? { replyTo: { name, address: email } } : {}),
  }
}
