/**
 * The morning digest: at a configured time in the agency's time zone, one e-mail listing the
 * leads still new or unassigned, overdue ones first. It goes through the delivery outbox like a
 * lead notification (same SMTP, retries, failures shown): each server process checks every minute
 * whether today's digest is due and inserts the day's job; the unique `digest_day` makes the
 * insert of a second process (or a second pass) do nothing, so the digest is sent once a day.
 */

import { agency } from '#config/agency.ts'
import { hoursOnDate, wallClock, zonedInstant } from '#config/agency-facts.ts'
import { visitorName } from '#forms/visitor-name.ts'
import type { BackupStatus } from '../backup/backup-status.ts'
import type { Queryable } from '../db/database.ts'
import { createPeriodicTask, errorReason, type PeriodicTask } from '../jobs/periodic-task.ts'
import { agencyBusinessHours, type BusinessHours, overdueAt } from '../leads/business-hours.ts'
import { queueDigestJob } from '../leads/lead-jobs.ts'
import { leadPhone } from '../leads/lead-phone.ts'
import { leadsAwaitingStaff } from '../leads/lead-queries.ts'
import { staffLabel } from '../staff/staff-accounts.ts'
import { pausedDestinations } from '../webhooks/destinations.ts'
import { digestHtml } from './digest-mail.tsx'

export interface DigestSettings {
  /** 'HH:MM' in the agency's time zone (DIGEST_TIME). */
  time: string
  /** Where the digest goes (DIGEST_TO). */
  to: string
  timeZone: string
  /** The desk's address for links, e.g. https://www.agency.example (the agency's site by default). */
  deskUrl: string
}

/**
 * Queues today's digest when its time has come; returns the day queued by this call, or
 * undefined when it is not time yet or another pass (any process) already queued it.
 */
export async function queueDigestIfDue(
  db: Queryable,
  now: Date,
  settings: DigestSettings,
  business: BusinessHours = agencyBusinessHours,
): Promise<string | undefined> {
  const local = wallClock(now, settings.timeZone)
  if (local.time < settings.time) return undefined
  // Only on days the agency opens: nobody reads a Sunday digest at a closed office.
  if (!hoursOnDate(local, business)) return undefined
  return queueDigestJob(db, local.date)
}

export interface DigestMessage {
  subject: string
  text: string
  html: string
}

/** A calendar day ('YYYY-MM-DD' read at noon UTC, so no zone shifts it) in words. */
const readableDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
})

/** At most this many leads are listed; the rest are counted (the desk has them all). */
const listLimit = 50

function leadName(fields: Record<string, string>): string {
  return visitorName(fields) || 'A visitor'
}

/** One line for the top of the digest when the backups are stale (server/backup/backup-status.ts). */
function staleBackupLine(backup: BackupStatus | undefined, timeZone: string): string | undefined {
  if (!backup?.stale) return undefined
  if (!backup.newestAt) return "No backup has been taken yet: check the server's backups."
  const day = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric' }).format(
    backup.newestAt,
  )
  return `The newest backup is from ${day}: check the server's backups.`
}

/**
 * The digest's contents at the moment it is sent: leads still new or unassigned, not spam, not
 * closed; first, a warning when the backups are stale.
 */
export async function composeDigest(
  db: Queryable,
  day: string,
  now: Date,
  settings: Pick<DigestSettings, 'deskUrl' | 'timeZone'>,
  formTitle: (key: string) => string,
  backup?: BackupStatus,
): Promise<DigestMessage> {
  const warning = staleBackupLine(backup, settings.timeZone)
  // Follow-ups due by the end of the digest's day, in the agency's time zone, are listed too.
  const endOfDay = new Date(zonedInstant(Date.parse(`${day}T00:00:00Z`) + 86_400_000, settings.timeZone))
  const rows = await leadsAwaitingStaff(db, endOfDay)
  // Webhook destinations paused after failing for a day: one line for the owner, until turned back on.
  const paused = (await pausedDestinations(db)).map((destination) => new URL(destination.url).host)
  const pausedLine = paused.length
    ? `Webhooks paused after failing for a day: ${paused.join(', ')}. Turn them back on at ${settings.deskUrl}/admin/webhooks`
    : ''
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone: settings.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  })
  const leads = rows.map((row) => {
    const { fields } = row
    const due = overdueAt(new Date(row.receivedAt))
    const overdue = row.status === 'new' && !row.firstContactAt && due !== undefined && now >= due
    const followUp =
      row.followUpAt && new Date(row.followUpAt) <= endOfDay ? new Date(row.followUpAt) : undefined
    const phone = (leadPhone(fields) || 'no phone').replace(/[\r\n]+/g, ' ')
    return {
      overdue,
      followUp: Boolean(followUp),
      line: `${leadName(fields).replace(/[\r\n]+/g, ' ')} · ${phone} · ${formTitle(row.formKey)} · ${row.reference} · ${followUp ? `follow up ${format.format(followUp)}` : `received ${format.format(new Date(row.receivedAt))}`} · ${row.status} · ${row.assigneeEmail ? staffLabel({ email: row.assigneeEmail, displayName: row.assigneeName }) : 'unassigned'}`,
      url: `${settings.deskUrl}/admin/leads/${row.id}`,
    }
  })
  const overdue = leads.filter((lead) => lead.overdue)
  const followUps = leads.filter((lead) => !lead.overdue && lead.followUp)
  const waiting = leads.filter((lead) => !lead.overdue && !lead.followUp)
  // The day as people read it ("Monday, November 23"), not as the database keys it.
  const dayName = readableDay.format(new Date(`${day}T12:00:00Z`))
  const subject = `Lead desk for ${dayName}: ${overdue.length} overdue, ${followUps.length} ${followUps.length === 1 ? 'follow-up' : 'follow-ups'} due, ${leads.length} waiting · ${agency.shortName}`
  const section = (title: string, list: typeof leads) => {
    const shown = list.slice(0, listLimit)
    const more = list.length - shown.length
    return {
      text: [
        `${title} (${list.length})`,
        ...(list.length === 0 ? ['  None.'] : shown.map((lead) => `  - ${lead.line}\n    ${lead.url}`)),
        ...(more > 0 ? [`  …and ${more} more in the desk.`] : []),
      ].join('\n'),
      htmlSection: { title, count: list.length, shown },
    }
  }
  const parts = [
    section('Overdue: new for more than one business hour', overdue),
    section('Follow-ups due today', followUps),
    section('Still new or unassigned', waiting),
  ]
  return {
    subject,
    text: [
      ...(warning ? [warning, ''] : []),
      `Good morning. The lead desk on ${dayName}:`,
      '',
      ...(pausedLine ? [pausedLine, ''] : []),
      ...parts.map((part) => part.text),
      '',
      `${settings.deskUrl}/admin`,
    ].join('\n'),
    html: digestHtml({
      warning,
      dayName,
      pausedLine,
      sections: parts.map((part) => part.htmlSection),
      deskUrl: settings.deskUrl,
    }),
  }
}

/** Checks every minute, in each server process, whether today's digest is due. */
export function createDigestJob({
  db,
  settings,
  log,
  now = () => new Date(),
}: {
  db: Queryable
  settings: DigestSettings
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  now?: () => Date
}): PeriodicTask {
  return createPeriodicTask({
    intervalMs: 60_000,
    pass: async () => {
      const day = await queueDigestIfDue(db, now(), settings)
      if (day) log.info({ day }, 'morning digest queued')
    },
    onError: (error) => log.warn({ reason: errorReason(error) }, 'morning digest check failed'),
  })
}
