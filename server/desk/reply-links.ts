/**
 * One tap to answer a lead: a tel: link to its phone, a mailto: link with a short reply in the
 * lead's language (the subject names what they asked for), and the details as plain text to copy.
 */

import { deskReplies } from '#content/desk-replies.ts'
import { languageInEnglish } from '#content/languages.ts'
import type { Locale } from '#content/locale.ts'

export interface ReplyLead {
  formTitle: string
  language: Locale | string
  reference: string
  name: string
  email: string | undefined
  phone: string | undefined
}

/** tel: wants digits (and a leading +); US numbers typed as (770) 555-0142 get +1. */
export function telHref(phone: string | undefined): string | undefined {
  if (!phone) return undefined
  const digits = phone.replace(/\D/g, '')
  if (digits.length === 10) return `tel:+1${digits}`
  if (digits.length === 11 && digits.startsWith('1')) return `tel:+${digits}`
  return digits.length >= 7 ? `tel:${phone.trim().startsWith('+') ? '+' : ''}${digits}` : undefined
}

function firstName(name: string): string {
  return name.split(/\s+/)[0] ?? name
}

/** The reply's subject and body (content/desk-replies.ts), in Spanish for a lead sent from the Spanish site. */
function replyText(lead: ReplyLead): { subject: string; body: string } {
  const copy = deskReplies[lead.language === 'es' ? 'es' : 'en']
  const facts = { formTitle: lead.formTitle, reference: lead.reference, firstName: firstName(lead.name) }
  return { subject: copy.subject(facts), body: copy.body(facts).join('\n') }
}

/** mailto: with the reply prefilled; undefined without an e-mail address. */
export function mailtoHref(lead: ReplyLead): string | undefined {
  if (!lead.email || !/^[^\s@<>?&]+@[^\s@<>?&]+$/.test(lead.email)) return undefined
  const { subject, body } = replyText(lead)
  return `mailto:${lead.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`
}

/** What "Copy details" puts on the clipboard: enough to answer from another tool. */
export function copyText(lead: ReplyLead): string {
  return [
    `${lead.name} · ${lead.formTitle} · ${lead.reference}`,
    lead.phone ? `Phone: ${lead.phone}` : '',
    lead.email ? `E-mail: ${lead.email}` : '',
    `Language: ${languageInEnglish(lead.language)}`,
  ]
    .filter(Boolean)
    .join('\n')
}

/** sms: takes the same number as tel:. */
export function smsHref(phone: string | undefined): string | undefined {
  return telHref(phone)?.replace(/^tel:/, 'sms:')
}
