/**
 * The site settings page (/admin/site), for owners only: each section's form saves to the draft
 * (refused whole, with the reasons beside the section, when a value is wrong); Preview renders a
 * page with the draft; Publish and Restore make a version the one in force
 * (server/site/site-settings.ts), recorded in staff_audit. The same store as the API (site-api.ts).
 */
import multipart from '@fastify/multipart'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { dayCodes } from '#config/agency-facts.ts'
import { maxUploadBytes } from '#config/site-images.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import type { Database } from '#server/db/database.ts'
import {
  changeDraft,
  discardDraft,
  publishDraft,
  publishedVersion,
  type Refusal,
  readDraft,
  refusalOf,
  restoreVersion,
  versionHistory,
} from '#server/site/site-settings.ts'
import { checkUpload, imageChange, imageKindOf, storeUpload } from '#server/site/site-uploads.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { messagePage } from '../views/message-page.tsx'
import { type SitePageContents, sitePage, sitePath } from '../views/site-page.tsx'
import type { DeskOptions } from './desk-options.ts'
import { requireOwner } from './owner-only.ts'
import { noticeFrom } from './route-helpers.ts'

type SiteRoutesOptions = Pick<DeskOptions, 'db' | 'site'>

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public page shown on the desk (the preview): it keeps its own Content-Security-Policy. */
    publicPagePolicy?: boolean
  }
}

const notices: Record<string, string> = {
  saved: 'Saved to the draft. Visitors see it once you publish.',
  published: 'Published: every page in both languages shows it within a few seconds.',
  restored: 'Restored: that version is on the site again.',
  discarded: 'The draft was thrown away.',
  uploaded:
    'The image was checked, its location and camera details removed, and saved to the draft. Visitors see it once you publish.',
}

type Body = Record<string, string | undefined>

/** The upload form as @fastify/multipart gives it: its fields as text, its file as bytes. */
type UploadBody = Record<string, string | Buffer | undefined>

/** A field of the upload form as text ('' for a file where text belongs). */
function text(value: string | Buffer | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined
}

async function contents(db: Database): Promise<SitePageContents> {
  const [draft, published, history] = await Promise.all([
    readDraft(db),
    publishedVersion(db),
    versionHistory(db),
  ])
  const publishedSettings = published?.settings
  const changed =
    draft.updatedAt !== null && JSON.stringify(draft.settings) !== JSON.stringify(publishedSettings)
  return { draft, published, history, changed }
}

const trimmed = (value: string | undefined) => (value ?? '').trim()
const orNull = (value: string | undefined) => trimmed(value) || null

/** The office hours from the seven days' rows: days with the same hours share a line. */
function hoursFrom(body: Body): SiteSettings['agency']['hours'] {
  const lines: SiteSettings['agency']['hours'] = []
  for (const day of dayCodes) {
    const opens = orNull(body[`opens-${day}`])
    const closes = orNull(body[`closes-${day}`])
    const same = lines.find((line) => line.opens === opens && line.closes === closes)
    if (same) same.days.push(day)
    else lines.push({ days: [day], opens, closes })
  }
  return lines
}

/** Rows numbered `prefix0-…`, `prefix1-…` in the order their Order fields give. */
function rows(body: Body, prefix: string, filled: string): { index: number; order: number }[] {
  const found: { index: number; order: number }[] = []
  for (let index = 0; index < 500; index++) {
    if (!(`${prefix}${index}-${filled}` in body)) break
    if (trimmed(body[`${prefix}${index}-${filled}`]) === '') continue
    const order = Number(body[`${prefix}${index}-order`])
    found.push({ index, order: Number.isFinite(order) ? order : index + 1 })
  }
  return found.sort((a, b) => a.order - b.order || a.index - b.index)
}

/** What one section's form changes in the draft (the store checks it whole). */
function changeFrom(section: string, body: Body, current: SiteSettings): Record<string, unknown> | undefined {
  switch (section) {
    case 'facts':
      return {
        agency: {
          name: trimmed(body.name),
          shortName: trimmed(body.shortName),
          owner: {
            name: trimmed(body.ownerName),
            title: { en: trimmed(body.ownerTitleEn), es: trimmed(body.ownerTitleEs) },
          },
          phone: trimmed(body.phone),
          fax: trimmed(body.fax),
          email: trimmed(body.email),
          siteUrl: trimmed(body.siteUrl),
          address: {
            ...current.agency.address,
            street: trimmed(body.street),
            city: trimmed(body.city),
            region: trimmed(body.region).toUpperCase(),
            regionName: { en: trimmed(body.regionNameEn), es: trimmed(body.regionNameEs) },
            postalCode: trimmed(body.postalCode),
          },
          people: { en: trimmed(body.peopleEn), es: trimmed(body.peopleEs) },
          licenseNumber: trimmed(body.licenseNumber),
          social: {
            facebook: trimmed(body.facebook),
            instagram: trimmed(body.instagram),
            youtube: trimmed(body.youtube),
          },
          mapEmbedUrl: trimmed(body.mapEmbedUrl),
          mapLinkUrl: trimmed(body.mapLinkUrl),
          thirdParty: {
            autoQuoteUrl: orNull(body.autoQuoteUrl),
            homeQuoteUrl: orNull(body.homeQuoteUrl),
            clientPortalUrl: trimmed(body.clientPortalUrl),
          },
          hours: hoursFrom(body),
        },
      }
    case 'closed':
      return {
        closedDays: trimmed(body.closedDays)
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter(Boolean)
          .map((line) => {
            const [from = '', to = '', en = '', es = ''] = line.split('|').map((part) => part.trim())
            return { from, to: to || from, label: { en, es: es || en } }
          }),
      }
    case 'notice': {
      const en = trimmed(body.noticeEn)
      const es = trimmed(body.noticeEs)
      if (!en && !es) return { notice: null }
      return {
        notice: { text: { en, es }, from: trimmed(body.noticeFrom), until: trimmed(body.noticeUntil) },
      }
    }
    case 'testimonials':
      return {
        testimonials: rows(body, 't', 'quote').map(({ index }) => ({
          name: trimmed(body[`t${index}-name`]),
          quote: trimmed(body[`t${index}-quote`]).replace(/\r\n/g, '\n'),
          lang: body[`t${index}-lang`] === 'es' ? 'es' : 'en',
          ...(body[`t${index}-hidden`] === 'yes' ? { hidden: true } : {}),
        })),
      }
    case 'carriers':
      return {
        carriers: rows(body, 'c', 'name').map(({ index }) => {
          const known = current.carriers.find((carrier) => carrier.name === trimmed(body[`c${index}-name`]))
          const shortName = trimmed(body[`c${index}-shortName`])
          return {
            name: trimmed(body[`c${index}-name`]),
            url: trimmed(body[`c${index}-url`]),
            ...(shortName ? { shortName } : {}),
            ...(known?.customerServicePhone ? { customerServicePhone: known.customerServicePhone } : {}),
            ...(known?.logo ? { logo: known.logo } : {}),
            ...(body[`c${index}-featured`] === 'yes' ? { featured: true } : {}),
          }
        }),
      }
    case 'team':
      return {
        team: rows(body, 'p', 'name').map(({ index }) => {
          // a row of someone already listed keeps their photo and whether they are the owner
          const known = current.team[index]
          const text = (name: string) => trimmed(body[`p${index}-${name}`]).replace(/\r\n/g, '\n')
          return {
            name: text('name'),
            title: { en: text('titleEn'), es: text('titleEs') },
            bio: { en: text('bioEn'), es: text('bioEs') },
            photo: known?.photo ?? null,
            ...(known?.owner ? { owner: true } : {}),
            ...(!known?.owner && body[`p${index}-hidden`] === 'yes' ? { hidden: true } : {}),
          }
        }),
      }
    case 'brand':
      return { brandColour: trimmed(body.brandColour) }
    case 'pages': {
      const pageMeta: Record<string, Record<string, Record<string, string>>> = {}
      for (const [name, value] of Object.entries(body)) {
        const match = /^m(\/[^|]*)\|(en|es)\|(title|description)$/.exec(name)
        const text = trimmed(value)
        if (!match || !text) continue
        const [, page = '', locale = '', part = ''] = match
        pageMeta[page] ??= {}
        const forPage = pageMeta[page]
        forPage[locale] ??= {}
        const forLocale = forPage[locale]
        forLocale[part] = text
      }
      return { pageMeta }
    }
    default:
      return undefined
  }
}

/** The upload form's body: the file with some room for the form's other fields and its framing. */
const uploadBodyLimit = 2 * maxUploadBytes

export async function siteRoutes(app: FastifyInstance, options: SiteRoutesOptions): Promise<void> {
  const { db, site } = options
  const ownerOnly = { onRequest: requireOwner('changes the site settings') }

  // The upload form (multipart/form-data), read by @fastify/multipart on these routes only: the
  // fields as text, the one file as its bytes, each within its limit (a larger file is a 413).
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: uploadBodyLimit, files: 1, fields: 10, fieldSize: 1024, parts: 11 },
  })

  /** The page again with the image section's refusal, in the desk's words. */
  const refuseImage = async (reply: FastifyReply, owner: StaffSession, message: string, status = 400) =>
    sendPage(
      reply,
      sitePage(owner, await contents(db), {
        error: 'The image was not uploaded: see the section below.',
        problems: { section: 'images', problems: [{ path: 'image', message }] },
      }),
      status,
    )

  app.post<{ Body: UploadBody }>(
    `${sitePath}/uploads`,
    {
      ...ownerOnly,
      bodyLimit: uploadBodyLimit,
      errorHandler: async (error: FastifyError, request, reply) => {
        const owner = request.staff
        if (!owner || (error.statusCode !== 413 && error.statusCode !== 400 && error.statusCode !== 415))
          throw error
        return refuseImage(
          reply,
          owner,
          error.statusCode === 413
            ? `The file is larger than ${uploadBodyLimit / 1024 / 1024} MB: upload an image of at most ${maxUploadBytes / 1024 / 1024} MB.`
            : 'The upload did not arrive whole: choose the file and upload it again.',
          error.statusCode,
        )
      },
    },
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const body = request.body
      if (!request.isMultipart() || !body)
        return refuseImage(reply, owner, 'Upload the image with the form below.', 415)
      const target = trimmed(text(body.target))
      const kind = imageKindOf(target)
      if (!kind) return refuseImage(reply, owner, 'Choose where the image goes.')
      const file = body.image
      if (!Buffer.isBuffer(file) || file.length === 0)
        return refuseImage(reply, owner, 'No file was chosen: choose an image to upload.')
      const checked = await checkUpload(file, kind)
      if (!checked.ok) return refuseImage(reply, owner, checked.reason)
      const draft = await readDraft(db)
      if (!imageChange(draft.settings, target, null))
        return refuseImage(reply, owner, 'Choose where the image goes.')
      const image = await storeUpload(db, owner.email, kind, checked, {
        en: trimmed(text(body.altEn)),
        es: trimmed(text(body.altEs)),
      })
      const change = imageChange(draft.settings, target, image) ?? {}
      const result = await changeDraft(db, owner.email, change)
      if (!result.ok)
        return refuseImage(reply, owner, result.problems.map((problem) => problem.message).join(' '))
      return reply.redirect(`${sitePath}?notice=uploaded#site-images-heading`, 303)
    },
  )

  app.post<{ Body: Body }>(`${sitePath}/images/remove`, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const draft = await readDraft(db)
    const change = imageChange(draft.settings, trimmed(request.body?.target), null)
    if (!change) return refuseImage(reply, owner, 'There is no such image to remove.')
    const result = await changeDraft(db, owner.email, change)
    if (!result.ok)
      return refuseImage(reply, owner, result.problems.map((problem) => problem.message).join(' '))
    return reply.redirect(`${sitePath}?notice=saved#site-images-heading`, 303)
  })

  app.get(sitePath, ownerOnly, async (request, reply) =>
    sendPage(
      reply,
      sitePage(request.staff as StaffSession, await contents(db), {
        notice: noticeFrom(request.query, notices),
      }),
    ),
  )

  app.post<{ Body: Body }>(sitePath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const body = request.body ?? {}
    const section = trimmed(body.section)
    const draft = await readDraft(db)
    const change = changeFrom(section, body, draft.settings)
    if (!change) return reply.code(400).send('Choose a section of the site settings.')
    const result = await changeDraft(db, owner.email, change)
    if (!result.ok) {
      return sendPage(
        reply,
        sitePage(owner, await contents(db), {
          error: 'Nothing was saved: see the section below.',
          problems: { section, problems: result.problems },
        }),
        400,
      )
    }
    return reply.redirect(`${sitePath}?notice=saved#site-${section}-heading`, 303)
  })

  /** A refused publish or restore: the page again, the reason above it with each wrong setting. */
  const sendRefusal = async (reply: FastifyReply, owner: StaffSession, refusal: Refusal) => {
    const details = refusal.problems?.map((problem) => `${problem.path}: ${problem.message}`).join('; ')
    const error = details ? `${refusal.error} ${details}` : refusal.error
    return sendPage(reply, sitePage(owner, await contents(db), { error }), refusal.status)
  }

  app.post(`${sitePath}/publish`, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const result = await publishDraft(db, owner.email)
    if (!result.ok) return sendRefusal(reply, owner, refusalOf(result, 'publish'))
    await site.refresh()
    return reply.redirect(`${sitePath}?notice=published`, 303)
  })

  app.post(`${sitePath}/discard`, ownerOnly, async (_request, reply) => {
    await discardDraft(db)
    return reply.redirect(`${sitePath}?notice=discarded`, 303)
  })

  app.post<{ Params: { version: string } }>(
    `${sitePath}/versions/:version/restore`,
    ownerOnly,
    async (request, reply) => {
      const owner = request.staff as StaffSession
      const version = Number(request.params.version)
      const result = Number.isInteger(version) ? await restoreVersion(db, owner.email, version) : undefined
      if (!result)
        return sendPage(
          reply,
          messagePage('No such version', 'There is no such version of the site settings.', owner),
          404,
        )
      if (!result.ok) return sendRefusal(reply, owner, refusalOf(result, 'restore'))
      await site.refresh()
      return reply.redirect(`${sitePath}?notice=restored`, 303)
    },
  )

  // The draft as visitors would see it: the public page rendered with the draft, with that page's
  // own Content-Security-Policy, never cached, never indexed.
  app.get(
    `${sitePath}/preview`,
    { ...ownerOnly, config: { publicPagePolicy: true } },
    async (request: FastifyRequest, reply) => {
      const query = request.query as { path?: unknown }
      const pagePath = typeof query.path === 'string' && query.path.startsWith('/') ? query.path : '/'
      const page = site.preview ? await site.preview(pagePath, (await readDraft(db)).settings) : undefined
      if (!page) {
        return sendPage(
          reply,
          messagePage(
            'No preview',
            'This page cannot be previewed (no such page, or no built site).',
            request.staff as StaffSession,
          ),
          404,
        )
      }
      return reply
        .header('content-security-policy', page.policy)
        .header('cache-control', 'no-store')
        .header('x-robots-tag', 'noindex')
        .type('text/html; charset=utf-8')
        .send(page.html)
    },
  )
}
