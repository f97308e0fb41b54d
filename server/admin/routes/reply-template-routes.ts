/**
 * Owners word the desk's replies (server/desk/reply-templates.ts): GET /admin/replies lists every
 * template in both languages, POST saves one (or puts it back to the default).
 */
import type { FastifyInstance } from 'fastify'
import type { Database } from '#server/db/database.ts'
import {
  isReplyTemplateKey,
  replyBodyMaxLength,
  replySubjectMaxLength,
  replyTemplates,
  resetReplyTemplate,
  saveReplyTemplate,
} from '#server/desk/reply-templates.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { messagePage } from '../views/message-page.tsx'
import { repliesPage } from '../views/replies-page.tsx'
import { requireOwner } from './owner-only.ts'
import { formBody, noticeFrom, textField } from './route-helpers.ts'

const notices = {
  saved: 'Template saved. Lead pages offer it from now on.',
  reset: 'Template back to the default.',
}

interface TemplateBody {
  template: string
  language: string
  subject: string
  body: string
  reset?: string
}

export async function replyTemplateRoutes(app: FastifyInstance, options: { db: Database; now: () => Date }) {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('words the reply templates') }

  app.get('/admin/replies', ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    return sendPage(
      reply,
      repliesPage({
        staffEmail: owner.email,
        staffName: owner.displayName,
        templates: await replyTemplates(db),
        notice: noticeFrom(request.query, notices),
      }),
    )
  })

  app.post<{ Body: TemplateBody }>(
    '/admin/replies',
    {
      ...ownerOnly,
      schema: {
        body: formBody(
          {
            template: textField(20),
            language: textField(5),
            subject: textField(replySubjectMaxLength),
            body: textField(replyBodyMaxLength),
          },
          { reset: textField(5) },
        ),
      },
    },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const { template, language, reset } = request.body
      const subject = request.body.subject.replace(/[\r\n]+/g, ' ').trim()
      const body = request.body.body.replace(/\r\n?/g, '\n').trim()
      const lang = language === 'es' ? 'es' : language === 'en' ? 'en' : undefined
      if (!isReplyTemplateKey(template) || !lang)
        return sendPage(
          reply,
          messagePage('No such template', 'Choose a template from the list.', owner),
          400,
        )
      if (reset === 'yes') {
        await resetReplyTemplate(db, template, lang)
        return reply.redirect('/admin/replies?notice=reset', 303)
      }
      if (!subject || !body)
        return sendPage(
          reply,
          messagePage('Nothing saved', 'A template needs a subject and a message.', owner),
          400,
        )
      await saveReplyTemplate(db, {
        key: template,
        language: lang,
        subject,
        body,
        by: owner.email,
        at: options.now(),
      })
      return reply.redirect('/admin/replies?notice=saved', 303)
    },
  )
}
