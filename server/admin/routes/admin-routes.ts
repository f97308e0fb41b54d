/**
 * The staff lead inbox, /admin (pages) and /api/admin (JSON), as one encapsulated Fastify plugin:
 * its form-body parser, session hook, Origin check, headers and error pages apply to these routes
 * only, never to the public site or the forms API.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyCookie from '@fastify/cookie'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { agency } from '#config/agency.ts'
import type { BackupStatus } from '#server/backup/backup-status.ts'
import type { Database } from '#server/db/database.ts'
import type { KeyedCount } from '#server/plugins/rate-limit.ts'
import type { PasswordCost } from '#server/staff/password-hash.ts'
import { defaultThrottleSettings, type ThrottleSettings } from '#server/staff/sign-in-throttle.ts'
import { defaultSessionSettings, type SessionSettings } from '#server/staff/staff-sessions.ts'
import { createStaffDesk } from '../staff-desk.ts'
import { messagePage } from '../views/message-page.tsx'
import { accountRoutes } from './account-routes.ts'
import { isApiRequest, isSameOriginRequest, loadApiToken, sessionLoader } from './admin-auth.ts'
import { apiRoutes } from './api-routes.ts'
import { apiTokenRoutes } from './api-token-routes.ts'
import type { DeskOptions } from './desk-options.ts'
import { exportRoutes } from './export-routes.ts'
import { heldNotificationRoutes } from './held-notification-routes.ts'
import { inboxPageSize, inboxRoutes } from './inbox-routes.ts'
import { leadLogRoutes, leadStateRoutes } from './lead-action-routes.ts'
import { leadPageRoutes } from './lead-routes.ts'
import { notificationRoutes } from './notification-routes.ts'
import { replyTemplateRoutes } from './reply-template-routes.ts'
import { signInRoutes } from './sign-in-routes.ts'
import type { SiteDesk } from './site-api.ts'
import { siteRoutes } from './site-routes.ts'
import { staffRoutes } from './staff-routes.ts'
import { twoFactorRoutes } from './two-factor-routes.ts'
import { webhookRoutes } from './webhook-routes.ts'

export interface AdminRoutesOptions {
  db: Database
  encryptionKey: Buffer
  ipHashSalt: string
  /** The session cookie's Secure flag (config.adminCookieSecure). */
  cookieSecure: boolean
  now: () => Date
  session?: Partial<SessionSettings>
  throttle?: Partial<ThrottleSettings>
  /** Every account must enrol a second factor (production, or STAFF_REQUIRE_2FA=true). */
  requireSecondFactor?: boolean
  /** The server's backups (server/backup/backup-status.ts), reported by /api/admin/health. */
  backupStatus?: () => Promise<BackupStatus>
  /** The scrypt cost of new password hashes and the sign-in decoy; production's by default. */
  passwordCost?: PasswordCost
  /** WEBHOOK_LOCAL_DESTINATIONS (development and tests): desk destinations may be on this machine. */
  localWebhookDestinations?: boolean
  /** The site settings' pages (a preview) and the refresh after a publish (server/site). */
  site?: SiteDesk
  /**
   * Phone notifications (server/push): the VAPID public key browsers subscribe with, and whether a
   * push service on http://127.0.0.1 is accepted (development and tests). Without it, the desk
   * offers no notifications.
   */
  push?: { publicKey: string; allowLoopback: boolean }
  /** Counts an API token's request against its own limit (server/plugins/rate-limit.ts). */
  tokenLimit?: (tokenId: string) => Promise<KeyedCount>
}

/**
 * The staff pages' policy: only this origin's stylesheet and script, nothing inline, no frames,
 * forms posting only here.
 */
const staffPagePolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'self'",
  // The desk's web app manifest and its service worker (notification-routes.ts).
  "manifest-src 'self'",
  "worker-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ')

const assetsDir = path.join(import.meta.dirname, '..', 'assets')
const assetTypes = {
  'admin.css': 'text/css; charset=utf-8',
  'admin.js': 'text/javascript; charset=utf-8',
  'push.js': 'text/javascript; charset=utf-8',
}

/** Form posts from the staff pages are small: an e-mail and password, a status, a field name. */
const formBodyLimit = 16 * 1024

export async function adminRoutes(app: FastifyInstance, options: AdminRoutesOptions): Promise<void> {
  const session = { ...defaultSessionSettings, ...options.session }
  const throttle = { ...defaultThrottleSettings, ...options.throttle }
  const desk = createStaffDesk({
    db: options.db,
    encryptionKey: options.encryptionKey,
    // Read at each use, so a published change of the office's zone applies without a restart.
    timeZone: () => agency.timeZone,
    now: options.now,
  })

  app.decorateRequest('staff', null)
  app.decorateRequest('partialStaff', null)
  app.decorateRequest('apiToken', null)
  // Parses the Cookie header (request.cookies) before the session hook below reads it, and writes
  // reply.setCookie's Set-Cookie headers; registered here, it serves the staff routes only.
  await app.register(fastifyCookie)

  // HTML forms post application/x-www-form-urlencoded; only these routes accept it.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: formBodyLimit },
    (_request, body, done) => {
      const fields: Record<string, string> = {}
      for (const [name, value] of new URLSearchParams(String(body)))
        if (!Object.hasOwn(fields, name)) fields[name] = value
      done(null, fields)
    },
  )

  app.addHook('onRequest', async (request, reply) => {
    // Staff pages hold leads' personal data: never cached, never indexed.
    reply.header('cache-control', 'no-store')
    reply.header('x-robots-tag', 'noindex, nofollow')
    // A program's API token (docs/api.md, "API tokens"): no cookie, so no Origin to check.
    const token = await loadApiToken(request, reply, options.db, options.ipHashSalt, options.now())
    if (token === 'refused') return reply
    if (token === 'token') return
    if (!isSameOriginRequest(request)) {
      request.log.warn(
        { method: request.method, url: request.url },
        'admin: state change without a matching Origin refused',
      )
      return sendError(request, reply, 403, 'Refused: this request did not come from a page of this site.')
    }
  })
  const loadSession = sessionLoader(options.db, session, options.cookieSecure, options.now)
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/admin/assets/') && !request.apiToken) await loadSession(request)
  })
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      !isApiRequest(request) &&
      request.routeOptions.config?.publicPagePolicy !== true &&
      String(reply.getHeader('content-type') ?? '').startsWith('text/html')
    ) {
      reply.header('content-security-policy', staffPagePolicy)
    }
    return payload
  })

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500
    if (status >= 500) request.log.error({ err: error }, 'admin request failed')
    const message =
      status >= 500
        ? 'Something went wrong on the server. Please try again.'
        : status === 413
          ? 'The request is too large.'
          : 'The request could not be processed.'
    return sendError(request, reply, status, message)
  })

  for (const [name, type] of Object.entries(assetTypes)) {
    const body = await readFile(path.join(assetsDir, name))
    app.get(`/admin/assets/${name}`, async (_request, reply) => reply.type(type).send(body))
  }

  const site: SiteDesk = options.site ?? { refresh: async () => undefined }
  // Each staff page plugin reads its part of one set of options.
  const pages: DeskOptions = {
    db: options.db,
    desk,
    encryptionKey: options.encryptionKey,
    ipHashSalt: options.ipHashSalt,
    cookieSecure: options.cookieSecure,
    session,
    throttle,
    requireSecondFactor: options.requireSecondFactor ?? false,
    now: options.now,
    passwordCost: options.passwordCost,
    localWebhookDestinations: options.localWebhookDestinations ?? false,
    site,
    push: options.push,
  }
  await app.register(signInRoutes, pages)
  await app.register(inboxRoutes, pages)
  await app.register(exportRoutes, pages)
  await app.register(leadPageRoutes, pages)
  await app.register(leadStateRoutes, pages)
  await app.register(leadLogRoutes, pages)
  await app.register(twoFactorRoutes, pages)
  await app.register(staffRoutes, pages)
  await app.register(accountRoutes, pages)
  await app.register(heldNotificationRoutes, pages)
  await app.register(webhookRoutes, pages)
  await app.register(siteRoutes, pages)
  await app.register(notificationRoutes, pages)
  await app.register(apiTokenRoutes, pages)
  await app.register(replyTemplateRoutes, pages)
  await app.register(apiRoutes, {
    db: options.db,
    desk,
    cookieSecure: options.cookieSecure,
    pageSize: inboxPageSize,
    now: options.now,
    backupStatus: options.backupStatus,
    site,
    pushAllowLoopback: options.push?.allowLoopback,
    tokenLimit: options.tokenLimit,
    webhooks: {
      encryptionKey: options.encryptionKey,
      siteUrl: agency.siteUrl,
      allowLoopback: options.localWebhookDestinations ?? false,
    },
  })
}

function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  message: string,
): FastifyReply {
  if (isApiRequest(request)) return reply.code(status).type('application/json').send({ error: message })
  const title = status === 403 ? 'Request refused' : status >= 500 ? 'Server error' : 'Request not processed'
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(messagePage(title, message, request.staff ?? undefined))
}
