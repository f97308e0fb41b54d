/**
 * The site settings in the staff API, for owners (docs/api.md, "Site settings"): GET the draft and
 * what is published, PATCH the draft (each top-level setting replaces the draft's; `agency` merges
 * one level), POST publish, POST restore a version. A refused change names every setting that is
 * wrong and stores nothing. Registered inside apiRoutes' scope, so the OpenAPI document lists it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { maxUploadBytes } from '#config/site-images.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import type { Database } from '#server/db/database.ts'
import {
  changeDraft,
  type PublishedVersion,
  type PublishResult,
  publishDraft,
  publishedVersion,
  readDraft,
  refusalOf,
  restoreVersion,
  versionHistory,
} from '#server/site/site-settings.ts'
import { checkUpload, imageChange, imageKindOf, storeUpload } from '#server/site/site-uploads.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { access, answers } from './api-answers.ts'

/** What the desk's site plugin and the API share: the pages and the refresh after a publish. */
export interface SiteDesk {
  /** Renders one page with the draft (undefined: this server serves no built site). */
  preview?: (
    pagePath: string,
    settings: SiteSettings,
  ) => Promise<{ html: string; policy: string } | undefined>
  /** Makes this process serve the version just published, before the answer goes out. */
  refresh: () => Promise<void>
}

const settingsDocument = z.record(z.string(), z.unknown()).meta({
  description:
    'Site settings: `agency` (the names of config/agency.ts), `closedDays`, `notice`, `testimonials`, `carriers` (each may have a `logo`), `team`, `logo`, `favicon`, `brandColour`, `pageMeta` (config/site-settings.ts); an image is the reference POST /api/admin/site/uploads answers (config/site-images.ts).',
})

const versionSummary = z.object({
  version: z.number().int(),
  publishedBy: z.string(),
  publishedAt: z.string(),
  restoredFrom: z.number().int().nullable(),
})

const problemsAnswer = z
  .object({
    error: z.string(),
    // Absent from the server's own 400s (a body it cannot read), which say only why.
    problems: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
    fields: z.record(z.string(), z.string()).optional(),
  })
  .describe(
    'Refused: `problems` names each setting that is wrong (`agency.phone`) and why; nothing is stored.',
  )
const errorAnswer = z.object({ error: z.string() })

function summary(version: PublishedVersion) {
  return {
    version: version.version,
    publishedBy: version.publishedBy,
    publishedAt: version.publishedAt.toISOString(),
    restoredFrom: version.restoredFrom,
  }
}

const notOwner = { error: 'Only an owner account changes the site settings.' }

async function ownersOnly(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
  if (request.staff?.role === 'owner') return undefined
  return reply.code(403).send(notOwner)
}

/** A publish's or restore's refusal as the API answers it. */
function refusal(
  reply: FastifyReply,
  result: Exclude<PublishResult, { ok: true }>,
  action: 'publish' | 'restore',
) {
  const { status, ...body } = refusalOf(result, action)
  return reply.code(status).send(body)
}

/** `fastify`: apiRoutes' scope, whose validator and serializer are zod's. */
export function registerSiteApi(fastify: FastifyInstance, options: { db: Database; site: SiteDesk }): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>()
  const { db, site } = options
  const owner = { preHandler: ownersOnly }

  app.get(
    '/api/admin/site',
    {
      ...owner,
      schema: {
        operationId: 'getSiteSettings',
        summary: 'The site settings: the draft, the published version and the history',
        security: access(null),
        response: answers({
          200: z.object({
            draft: settingsDocument,
            draftUpdatedBy: z.string().nullable(),
            published: settingsDocument.nullable(),
            version: z.number().int().nullable(),
            history: z.array(versionSummary),
          }),
        }),
      },
    },
    async () => {
      const [draft, published, history] = await Promise.all([
        readDraft(db),
        publishedVersion(db),
        versionHistory(db),
      ])
      return {
        draft: draft.settings as unknown as Record<string, unknown>,
        draftUpdatedBy: draft.updatedBy,
        published: (published?.settings ?? null) as unknown as Record<string, unknown> | null,
        version: published?.version ?? null,
        history: history.map(summary),
      }
    },
  )

  app.patch(
    '/api/admin/site',
    {
      ...owner,
      schema: {
        operationId: 'changeSiteSettingsDraft',
        summary: 'Change the draft of the site settings (nothing is public until published)',
        security: access(null),
        body: settingsDocument,
        response: answers({ 200: z.object({ draft: settingsDocument }), 400: problemsAnswer }, true),
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const result = await changeDraft(db, staff.email, request.body)
      if (!result.ok) {
        return reply.code(400).send({ error: 'Some settings need correcting.', problems: result.problems })
      }
      return { draft: result.draft.settings as unknown as Record<string, unknown> }
    },
  )

  // An image's bytes as the request's whole body (its type is read from the bytes, not this header).
  fastify.addContentTypeParser(
    ['image/png', 'image/jpeg', 'image/webp', 'image/avif', 'image/svg+xml', 'application/octet-stream'],
    { parseAs: 'buffer', bodyLimit: maxUploadBytes },
    (_request, body, done) => done(null, body),
  )

  app.post(
    '/api/admin/site/uploads',
    {
      ...owner,
      bodyLimit: maxUploadBytes,
      schema: {
        operationId: 'uploadSiteImage',
        summary: 'Upload an image (the bytes as the body) into the draft at `target`',
        description: `The body is the image file itself (PNG, JPEG, WebP or AVIF; SVG is refused), at most ${maxUploadBytes / 1024 / 1024} MB, sent as image/png, image/jpeg, image/webp, image/avif or application/octet-stream. Its type is read from its bytes; its metadata (EXIF, GPS) is removed. \`target\`: logo, favicon, team:<index> (a photo) or carrier:<index> (a logo).`,
        security: access(null),
        querystring: z.object({
          target: z.string().max(20),
          altEn: z.string().max(200).optional(),
          altEs: z.string().max(200).optional(),
        }),
        response: answers(
          {
            201: z.object({ image: z.record(z.string(), z.unknown()), draft: settingsDocument }),
            400: problemsAnswer,
          },
          true,
        ),
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0)
      const { target, altEn = '', altEs = '' } = request.query
      const kind = imageKindOf(target)
      const draft = await readDraft(db)
      if (!kind || !imageChange(draft.settings, target, null)) {
        return reply.code(400).send({
          error: 'Some settings need correcting.',
          problems: [
            {
              path: 'target',
              message: 'Name where the image goes: logo, favicon, team:<index> or carrier:<index>.',
            },
          ],
        })
      }
      const checked = await checkUpload(bytes, kind)
      if (!checked.ok) {
        return reply
          .code(400)
          .send({ error: 'The image was refused.', problems: [{ path: 'image', message: checked.reason }] })
      }
      const image = await storeUpload(db, staff.email, kind, checked, { en: altEn.trim(), es: altEs.trim() })
      const result = await changeDraft(db, staff.email, imageChange(draft.settings, target, image) ?? {})
      if (!result.ok) {
        return reply.code(400).send({ error: 'Some settings need correcting.', problems: result.problems })
      }
      return reply.code(201).send({
        image: image as unknown as Record<string, unknown>,
        draft: result.draft.settings as unknown as Record<string, unknown>,
      })
    },
  )

  app.post(
    '/api/admin/site/publish',
    {
      ...owner,
      schema: {
        operationId: 'publishSiteSettings',
        summary: 'Publish the draft: every page in both languages shows it within seconds',
        security: access(null),
        response: answers({ 200: versionSummary, 400: problemsAnswer, 409: errorAnswer }),
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const result = await publishDraft(db, staff.email)
      if (!result.ok) return refusal(reply, result, 'publish')
      await site.refresh()
      return summary(result.version)
    },
  )

  app.post(
    '/api/admin/site/versions/:version/restore',
    {
      ...owner,
      schema: {
        operationId: 'restoreSiteSettingsVersion',
        summary: 'Publish an earlier version again (as a new version)',
        security: access(null),
        params: z.object({ version: z.coerce.number().int().min(1) }),
        response: answers({ 200: versionSummary, 400: problemsAnswer, 404: errorAnswer, 409: errorAnswer }),
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const result = await restoreVersion(db, staff.email, request.params.version)
      if (!result) return reply.code(404).send({ error: 'There is no such version.' })
      if (!result.ok) return refusal(reply, result, 'restore')
      await site.refresh()
      return summary(result.version)
    },
  )
}
