/**
 * Replies from the desk: the template for a lead (its line of insurance, or a thank-you for a
 * testimonial or a referral) in the lead's language, as the owners worded it (reply_templates,
 * migration 023) or by default (content/desk-replies.ts); filled with the visitor's first name,
 * their request, the reference, the staff member's name and the agency's phone. Sending queues
 * one e-mail in the outbox (reply_mails) to the lead's own address only, from the agency, with the
 * staff member in Reply-To, and logs the text on the lead's work log; a member sends at most
 * `repliesPerHour` an hour (docs/decisions/041-replies-and-follow-ups-from-the-desk.md).
 */
import { agency } from '#config/agency.ts'
import { agencyPhone } from '#config/agency-facts.ts'
import {
  defaultReplyTemplates,
  type ReplyTemplate,
  type ReplyTemplateKey,
  replyTemplateKeys,
} from '#content/desk-replies.ts'
import { formTextEs } from '#content/form-text.ts'
import { leadLine } from '#forms/engine.ts'
import { getFormDefinition } from '#forms/registry.ts'
import type { Database, Queryable } from '../db/database.ts'
import { build, countRows, run, sql } from '../db/query-builder.ts'
import { isUuid } from '../db/uuid.ts'
import { insertEvent } from '../leads/work-log.ts'

export { type ReplyTemplate, type ReplyTemplateKey, replyTemplateKeys }

/** Replies one staff member may send in an hour: enough for a busy morning, not for a mailing. */
export const repliesPerHour = 30

export const replySubjectMaxLength = 200
export const replyBodyMaxLength = 5000

/** Forms that say thank you or recommend someone: they are thanked, not asked when to call. */
const thankedForms = new Set(['new-testimonial', 'new-referral'])

export function isReplyTemplateKey(value: unknown): value is ReplyTemplateKey {
  return typeof value === 'string' && (replyTemplateKeys as readonly string[]).includes(value)
}

/** The template a lead is answered with. */
function replyTemplateKeyOf(formKey: string, fields: Readonly<Record<string, string>>): ReplyTemplateKey {
  if (thankedForms.has(formKey)) return 'thanks'
  const form = getFormDefinition(formKey)
  if (!form) return 'service'
  return leadLine(form, form.lineByAnswer ? fields[form.lineByAnswer.field] : undefined)
}

type Language = 'en' | 'es'
const languageOf = (value: string): Language => (value === 'es' ? 'es' : 'en')

/** Every template in both languages: the owners' wording where they saved one, else the default. */
export async function replyTemplates(
  db: Queryable,
): Promise<Record<ReplyTemplateKey, Record<Language, ReplyTemplate & { edited: boolean }>>> {
  const rows = await run(
    db,
    build.selectFrom('reply_templates').select(['template', 'language', 'subject', 'body']),
  )
  const all = {} as Record<ReplyTemplateKey, Record<Language, ReplyTemplate & { edited: boolean }>>
  for (const key of replyTemplateKeys) {
    const entry = (language: Language) => {
      const row = rows.find((candidate) => candidate.template === key && candidate.language === language)
      return row
        ? { subject: row.subject, body: row.body, edited: true }
        : { ...defaultReplyTemplates[key][language], edited: false }
    }
    all[key] = { en: entry('en'), es: entry('es') }
  }
  return all
}

/** An owner's wording of one template; `reset` goes back to the default. */
export async function saveReplyTemplate(
  db: Queryable,
  input: { key: ReplyTemplateKey; language: Language; subject: string; body: string; by: string; at: Date },
): Promise<void> {
  await run(
    db,
    build
      .insertInto('reply_templates')
      .values({
        template: input.key,
        language: input.language,
        subject: input.subject,
        body: input.body,
        updated_by: input.by,
        updated_at: input.at,
      })
      .onConflict((conflict) =>
        conflict.columns(['template', 'language']).doUpdateSet({
          subject: input.subject,
          body: input.body,
          updated_by: input.by,
          updated_at: input.at,
        }),
      ),
  )
}

export async function resetReplyTemplate(
  db: Queryable,
  key: ReplyTemplateKey,
  language: Language,
): Promise<void> {
  await run(
    db,
    build.deleteFrom('reply_templates').where('template', '=', key).where('language', '=', language),
  )
}

export interface ReplyFacts {
  formTitle: string
  language: string
  reference: string
  /** The visitor's name as the desk shows it. */
  name: string
  /** The staff member's name (or e-mail) as it signs the reply. */
  staff: string
}

/** A template with its words filled in. */
function fillReply(template: ReplyTemplate, facts: ReplyFacts): ReplyTemplate {
  const spanish = languageOf(facts.language) === 'es'
  const values: Record<string, string> = {
    '{name}': facts.name.split(/\s+/)[0] || facts.name,
    '{request}': spanish ? (formTextEs[facts.formTitle] ?? facts.formTitle) : facts.formTitle.toLowerCase(),
    '{reference}': facts.reference,
    '{staff}': facts.staff,
    '{agency}': agency.shortName,
    '{phone}': agencyPhone.display,
  }
  const fill = (text: string) =>
    text.replace(/\{(name|request|reference|staff|agency|phone)\}/g, (word) => values[word] ?? word)
  return { subject: fill(template.subject).replace(/[\r\n]+/g, ' '), body: fill(template.body) }
}

/** The filled reply for one lead, in its language. */
export async function replyFor(
  db: Queryable,
  lead: ReplyFacts & { formKey: string; fields: Record<string, string> },
) {
  const templates = await replyTemplates(db)
  return fillReply(templates[replyTemplateKeyOf(lead.formKey, lead.fields)][languageOf(lead.language)], lead)
}

const emailPattern = /^[^\s@<>(),;:"[\]\\]+@[^\s@<>(),;:"[\]\\]+\.[^\s@<>(),;:"[\]\\]+$/

export type ReplyResult = 'ok' | 'no-lead' | 'no-email' | 'limited'

/**
 * Queues a reply to the lead's own address (read here, never from the request) and logs it on the
 * lead, in one transaction; the first contact time is set if it was not. 'limited': this member
 * sent `repliesPerHour` in the last hour.
 */
export async function queueReply(
  db: Database,
  input: {
    leadId: string
    actor: { userId: string; email: string; name: string | null }
    subject: string
    body: string
    at: Date
  },
): Promise<ReplyResult> {
  if (!isUuid(input.leadId)) return 'no-lead'
  return db.transaction(async (tx) => {
    const [lead] = await run(
      tx,
      build
        .selectFrom('leads')
        .select(['id', sql<string | null>`fields->>'email'`.as('email')])
        .where('id', '=', input.leadId)
        .forUpdate(),
    )
    if (!lead) return 'no-lead'
    if (!lead.email || !emailPattern.test(lead.email.trim())) return 'no-email'
    const since = new Date(input.at.getTime() - 3_600_000)
    const [recent] = await run(
      tx,
      build
        .selectFrom('reply_mails')
        .select(countRows().as('count'))
        .where('staff_user_id', '=', input.actor.userId)
        .where('created_at', '>', since),
    )
    if (Number(recent?.count ?? 0) >= repliesPerHour) return 'limited'
    await run(
      tx,
      build.insertInto('reply_mails').values({
        lead_id: input.leadId,
        staff_user_id: input.actor.userId,
        reply_to: input.actor.email,
        reply_to_name: input.actor.name,
        subject: input.subject,
        body: input.body,
        created_at: input.at,
        next_attempt_at: input.at,
      }),
    )
    await insertEvent(tx, {
      leadId: input.leadId,
      actor: input.actor,
      kind: 'reply',
      detail: `${input.subject}\n\n${input.body}`,
      at: input.at,
    })
    await run(
      tx,
      build
        .updateTable('leads')
        .set((eb) => ({ first_contact_at: eb.fn.coalesce('first_contact_at', eb.val(input.at)) }))
        .where('id', '=', input.leadId),
    )
    return 'ok'
  })
}
