/**
 * One tap to answer a lead: a tel: link to its phone, a mailto: link with the desk's reply in the
 * lead's language (server/desk/reply-templates.ts: the fallback to sending from the desk), and the
 * details as plain text to copy.
 */
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

/** mailto: with the reply prefilled; undefined without an e-mail address. */
export function mailtoHref(lead: ReplyLead, reply: { subject: string; body: string }): string | undefined {
  if (!lead.email || !/^[^\s@<>?&]+@[^\s@<>?&]+$/.test(lead.email)) return undefined
  return `mailto:${lead.email}?subject=${encodeURIComponent(reply.subject)}&body=${encodeURIComponent(reply.body)}`
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
