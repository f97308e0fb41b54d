/**
 * The e-mail a staff member receives when a colleague assigns a lead to them: the reference, the
 * form, when the lead was received (in the agency's time zone, as on the agency's notification),
 * who assigned it and the link to the lead on the desk. Nothing the visitor typed: no name, no
 * phone, no answers (the desk has them, behind the sign-in), so a forwarded or leaked copy tells
 * no one about the visitor. Staff read the desk in English, so this is in English only.
 */
import { htmlDocument } from '../views/html-document.ts'
import type { NotificationMessage } from './lead-notification.tsx'

export interface AssignmentForMail {
  leadId: string
  reference: string
  formTitle: string
  receivedAt: Date
  /** The assigner's label (staffLabel): display name or e-mail. */
  assignedBy: string
}

/** "Nov 25, 2026, 10:49 AM (EST)": the same form as the agency notification's `Received:`. */
function receivedLine(date: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(
    date,
  )
  const zone = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
    .formatToParts(date)
    .find((part) => part.type === 'timeZoneName')?.value
  return `${time} (${zone ?? timeZone})`
}

/** Removes line breaks so no value can ever add a header line to the message. */
function singleLine(value: string): string {
  return value.replace(/[\r\n\u2028\u2029]+/g, ' ').trim()
}

export function buildAssignmentMail(
  mail: AssignmentForMail,
  settings: { siteUrl: string; timeZone: string },
): NotificationMessage {
  const deskLink = `${settings.siteUrl}/admin/leads/${mail.leadId}`
  const subject = singleLine(`Lead assigned to you: ${mail.formTitle} · ${mail.reference}`).slice(0, 200)
  const intro = `${mail.assignedBy} assigned a lead to you.`
  const lines = [
    `Reference: ${mail.reference}`,
    `Form: ${mail.formTitle}`,
    `Received: ${receivedLine(mail.receivedAt, settings.timeZone)}`,
    `Assigned by: ${mail.assignedBy}`,
  ]
  const text = [intro, '', ...lines, '', `Open the lead: ${deskLink}`].join('\n')
  // Inline styles: mail clients drop stylesheets.
  const htmlPart = htmlDocument(
    <html lang="en">
      <body style={{ fontFamily: 'Arial,sans-serif', color: '#1c2530' }}>
        <p>{intro}</p>
        <p>
          {lines.map((line, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the message's lines in order; two may be the same text
            <span key={index}>
              {line}
              <br />
            </span>
          ))}
        </p>
        <p>
          <a href={deskLink}>Open the lead on the desk</a>
        </p>
      </body>
    </html>,
  )
  return { subject, text, html: htmlPart }
}
