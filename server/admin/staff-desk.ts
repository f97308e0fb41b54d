/**
 * The inbox's actions, shared by the HTML pages and the JSON API so both behave the same: read a
 * lead for staff, reveal a sensitive value (recorded first), mark spam, retry a delivery; the work
 * log (status, contact attempts, notes, assignment) is `workLog`. The statements are server/leads'.
 */
import type { FormDefinition } from '#forms/engine.ts'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database } from '../db/database.ts'
import type { OfficeZone } from '../leads/business-hours.ts'
import { type DeliveryJob, deliveryJobsOfLead, retryFailedJob } from '../leads/lead-jobs.ts'
import { createLeadQueries, type InboxLead, type LeadQueries } from '../leads/lead-queries.ts'
import { type RevealRecord, recordReveal, revealsOfLead, setLeadSpam } from '../leads/lead-repository.ts'
import { createWorkLog, type LeadEvent, type StaffMember, type WorkLog } from '../leads/work-log.ts'
import { decryptValue } from '../security/sensitive-fields.ts'
import { leadSections, otherFields, type SectionView, staffFields } from './lead-fields.ts'

export interface LeadDetail {
  lead: InboxLead
  form: FormDefinition | undefined
  sections: SectionView[]
  others: [string, string][]
  jobs: DeliveryJob[]
  reveals: RevealRecord[]
  /** The work log, newest first. */
  events: LeadEvent[]
  /** Whom the lead can be assigned to. */
  staffMembers: StaffMember[]
}

type RevealResult =
  | { ok: true; value: string; detail: LeadDetail }
  | { ok: false; reason: 'no-lead' | 'not-sensitive' | 'empty' | 'unreadable' }

export interface StaffDesk {
  inbox: LeadQueries
  workLog: WorkLog
  leadDetail(id: string, revealed?: ReadonlySet<string>): Promise<LeadDetail | undefined>
  reveal(
    leadId: string,
    fieldName: string,
    staff: { userId: string | null; email: string },
  ): Promise<RevealResult>
  /**
   * Marks or unmarks spam; unmarking a lead that was never e-mailed queues its e-mail. False: no
   * such lead.
   */
  /** `actor`: who marked it, named in the webhook event. */
  setSpam(leadId: string, spam: boolean, actor?: { userId: string | null; email: string }): Promise<boolean>
  /** A failed delivery of this lead starts again from its first attempt. False: none with that id. */
  retryDelivery(leadId: string, jobId: string): Promise<boolean>
}

export function createStaffDesk({
  db,
  encryptionKey,
  timeZone,
  now,
}: {
  db: Database
  encryptionKey: Buffer
  timeZone: OfficeZone
  now: () => Date
}): StaffDesk {
  const inbox = createLeadQueries(db, timeZone)
  const workLog = createWorkLog(db, timeZone)

  async function leadDetail(id: string, revealed: ReadonlySet<string> = new Set()) {
    const lead = await inbox.findLead(id)
    if (!lead) return undefined
    const form = getFormDefinition(lead.formKey)
    const [jobs, reveals, events, staffMembers] = await Promise.all([
      deliveryJobsOfLead(db, lead.id),
      revealsOfLead(db, lead.id),
      workLog.events(lead.id),
      workLog.staffMembers(),
    ])
    return {
      lead,
      form,
      sections: form ? leadSections(form, lead.fields, encryptionKey, revealed) : [],
      others: otherFields(form, lead.fields),
      jobs,
      reveals,
      events,
      staffMembers,
    }
  }

  return {
    inbox,
    workLog,
    leadDetail,
    async reveal(leadId, fieldName, staff) {
      const lead = await inbox.findLead(leadId)
      if (!lead) return { ok: false, reason: 'no-lead' }
      const form = getFormDefinition(lead.formKey)
      const field = form && staffFields(form).find((candidate) => candidate.name === fieldName)
      if (!field?.sensitive) return { ok: false, reason: 'not-sensitive' }
      const stored = lead.fields[field.name]
      if (!stored) return { ok: false, reason: 'empty' }
      let value: string
      try {
        value = decryptValue(stored, encryptionKey)
      } catch {
        return { ok: false, reason: 'unreadable' }
      }
      // Recorded before the value is sent: no reveal without its audit row.
      await recordReveal(db, {
        leadId: lead.id,
        fieldName: field.name,
        staffUserId: staff.userId,
        staffEmail: staff.email,
        at: now(),
      })
      const detail = await leadDetail(lead.id, new Set([field.name]))
      if (!detail) return { ok: false, reason: 'no-lead' }
      return { ok: true, value, detail }
    },
    setSpam: (leadId, spam, actor) =>
      setLeadSpam(db, leadId, spam, { ...(actor ? { actor } : {}), at: now() }),
    retryDelivery: (leadId, jobId) => retryFailedJob(db, leadId, jobId),
  }
}
