/**
 * The owners' page of reply templates: one form per template and language, with the words a
 * template may hold, and whether the owners changed it from the default.
 */

import { replyPlaceholders } from '#content/desk-replies.ts'
import {
  type ReplyTemplate,
  type ReplyTemplateKey,
  replyBodyMaxLength,
  replySubjectMaxLength,
  replyTemplateKeys,
} from '#server/desk/reply-templates.ts'
import { insuranceLineLabels } from '../insurance-lines.ts'
import { noticeBanner, staffPage } from './admin-layout.tsx'

const templateNames: Record<ReplyTemplateKey, string> = {
  ...(Object.fromEntries(insuranceLineLabels.map((line) => [line.key, line.label])) as Record<
    ReplyTemplateKey,
    string
  >),
  thanks: 'Thank-you (testimonials and referrals)',
}

type Templates = Record<ReplyTemplateKey, Record<'en' | 'es', ReplyTemplate & { edited: boolean }>>

export function repliesPage(options: {
  staffEmail: string
  staffName?: string | null
  templates: Templates
  notice?: string
}): string {
  return staffPage({
    title: 'Reply templates',
    staffEmail: options.staffEmail,
    staffName: options.staffName,
    owner: true,
    current: 'replies',
    body: (
      <>
        <h1>Reply templates</h1>
        {noticeBanner(options.notice)}
        <p>
          The reply a lead page offers, by line of insurance and language. Staff can change it before sending.
          These words are filled in: {replyPlaceholders.join(', ')} (the visitor’s first name, what they asked
          for, their reference, the staff member’s name, the agency and its phone).
        </p>
        {replyTemplateKeys.flatMap((key) =>
          (['en', 'es'] as const).map((language) => {
            const template = options.templates[key][language]
            const id = `${key}-${language}`
            return (
              <section key={id} className="work" aria-labelledby={`${id}-heading`}>
                <h2 id={`${id}-heading`}>
                  {templateNames[key]}, {language === 'es' ? 'Spanish' : 'English'}
                  {template.edited ? '' : ' (default)'}
                </h2>
                <form method="post" action="/admin/replies" className="stack">
                  <input type="hidden" name="template" value={key} />
                  <input type="hidden" name="language" value={language} />
                  <div className="field">
                    <label htmlFor={`${id}-subject`}>Subject</label>
                    <input
                      id={`${id}-subject`}
                      name="subject"
                      required
                      maxLength={replySubjectMaxLength}
                      defaultValue={template.subject}
                    />
                  </div>
                  <div className="field">
                    <label htmlFor={`${id}-body`}>Message</label>
                    <textarea
                      id={`${id}-body`}
                      name="body"
                      rows={9}
                      required
                      maxLength={replyBodyMaxLength}
                      defaultValue={template.body}
                    ></textarea>
                  </div>
                  <div className="reply-send">
                    <button type="submit">Save this template</button>
                    {template.edited && (
                      <button type="submit" name="reset" value="yes" className="button-secondary">
                        Back to the default
                      </button>
                    )}
                  </div>
                </form>
              </section>
            )
          }),
        )}
      </>
    ),
  })
}
