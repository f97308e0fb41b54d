import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'

/** Where the end-to-end server notes each message its SMTP server received (scripts/e2e-server.ts). */
export function e2eMailDir(dataDir: string): string {
  return path.join(dataDir, 'smtp-received')
}

interface MailNote {
  messageId?: string
  to?: string[]
  subject?: string
  /** The plain-text part, as a mail client shows it (the desk link is in it). */
  text?: string
}

/** The notes of the messages that reached the SMTP server about one lead (Message-ID `<lead-<id>@…>`). */
export async function mailsForLead(dataDir: string, leadId: string): Promise<MailNote[]> {
  const dir = e2eMailDir(dataDir)
  const names = (await readdir(dir).catch(() => [])).filter((name) => name.endsWith('.json'))
  const notes = await Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(dir, name), 'utf8')) as MailNote),
  )
  return notes.filter((note) => note.messageId?.startsWith(`<lead-${leadId}@`))
}
