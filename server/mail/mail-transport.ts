/**
 * Where notifications go: an SMTP server when SMTP_URL is set, otherwise .eml files under
 * DATA_DIR/mail, so a fresh checkout shows exactly what the agency would receive.
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import nodemailer from 'nodemailer'

export interface OutgoingMail {
  from: string
  to: string
  replyTo?: { name: string; address: string }
  /** Shown in From with `from`'s address, instead of the name `from` may carry. */
  fromName?: string
  /**
   * `to` receives the message, but the To line names no one (`undisclosed-recipients:;`): the
   * visitor's copy, whose recipient's address may carry a stranger's words in its local part.
   */
  recipientHidden?: boolean
  subject: string
  text: string
  html: string
  /** Names the .eml file and the Message-ID, so a retried send is recognisable. */
  leadId: string
}

export interface MailTransport {
  readonly kind: 'smtp' | 'files'
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createMailTransport({
  smtpUrl,
  mailDir,
}: {
  smtpUrl?: string
  mailDir: string
}): MailTransport {
  if (smtpUrl) {
    const url = new URL(smtpUrl)
    const transporter = nodemailer.createTransport({
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)),
      secure: url.protocol === 'smtps:',
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      // A plain smtp:// URL to a local relay may not offer STARTTLS; nodemailer upgrades when it can.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    })
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail(toNodemailer(mail))
      },
      close: () => transporter.close(),
    }
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    kind: 'files',
    async send(mail) {
      const info = await writer.sendMail(toNodemailer(mail))
      await mkdir(mailDir, { recursive: true })
      const file = join(mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.leadId}.eml`)
      await writeFile(file, info.message)
    },
    close: () => writer.close(),
  }
}

function toNodemailer(mail: OutgoingMail) {
  // MAIL_FROM may be `Name <address>`: the domain is the address's, without the closing '>'.
  const address = /<([^<>]+)>\s*$/.exec(mail.from)?.[1] ?? mail.from
  const domain = address.split('@')[1]?.trim() || 'localhost'
  const recipient = mail.recipientHidden
    ? { envelope: { from: address, to: mail.to }, headers: { To: 'undisclosed-recipients:;' } }
    : { to: mail.to }
  return {
    from: mail.fromName ? { name: mail.fromName, address } : mail.from,
    ...recipient,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: `<lead-${mail.leadId}@${domain}>`,
  }
}
