/**
 * The desk as an installable app with phone notifications (docs/decisions/038-web-push.md): its
 * web app manifest (/admin/manifest.webmanifest, apart from the public site's), its service worker
 * (/admin/push-worker.js, whose scope is /admin/ only: the public site has none), and the member's
 * notifications page (/admin/notifications: this browser on or off, what reaches them, their
 * browsers).
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { agency } from '#config/agency.ts'
import { brandColour } from '#config/site-settings.ts'
import {
  memberPreferences,
  memberSubscriptions,
  removeSubscriptionById,
  savePreferences,
} from '#server/push/push-subscriptions.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { notificationsPage } from '../views/notifications-page.tsx'
import { requireStaffPage } from './admin-auth.ts'
import type { DeskOptions } from './desk-options.ts'
import { formBody, noticeFrom, textField } from './route-helpers.ts'

type NotificationRoutesOptions = Pick<DeskOptions, 'db' | 'push'>

const notices: Record<string, string> = {
  saved: 'Your choices were saved.',
  removed: 'That browser no longer receives your notifications.',
}

const assetsDir = path.join(import.meta.dirname, '..', 'assets')

/**
 * The desk's manifest: opens on the inbox, stays inside /admin, in a window of its own. Made per
 * request from the published settings (the agency's short name, the brand colour), so it follows a
 * publish.
 */
function deskManifest(): string {
  return JSON.stringify({
    id: '/admin',
    name: `${agency.shortName} lead desk`,
    short_name: 'Lead desk',
    start_url: '/admin',
    scope: '/admin',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: brandColour(),
    icons: [
      { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
      { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'any' },
    ],
  })
}

const checkbox = { type: 'string', maxLength: 10 } as const

export async function notificationRoutes(
  app: FastifyInstance,
  options: NotificationRoutesOptions,
): Promise<void> {
  const { db } = options
  const staffOnly = { onRequest: requireStaffPage }
  const worker = await readFile(path.join(assetsDir, 'push-worker.js'))

  // Browsers fetch both without the session: nothing in them is private.
  app.get('/admin/manifest.webmanifest', async (_request, reply) =>
    reply.type('application/manifest+json; charset=utf-8').send(deskManifest()),
  )
  app.get('/admin/push-worker.js', async (_request, reply) =>
    // no-store (every staff response has it): a changed worker reaches every browser at its next visit.
    reply.type('text/javascript; charset=utf-8').send(worker),
  )

  app.get('/admin/notifications', staffOnly, async (request, reply) => {
    const staff = request.staff as StaffSession
    return sendPage(
      reply,
      notificationsPage({
        staff,
        publicKey: options.push?.publicKey,
        preferences: await memberPreferences(db, staff.userId),
        browsers: await memberSubscriptions(db, staff.userId),
        notice: noticeFrom(request.query, notices),
      }),
    )
  })

  // A checkbox is sent only when ticked: every one left out is off.
  app.post<{ Body: { newLeads?: string; assigned?: string; followUps?: string; quietHours?: string } }>(
    '/admin/notifications',
    {
      ...staffOnly,
      schema: {
        body: formBody(
          {},
          { newLeads: checkbox, assigned: checkbox, followUps: checkbox, quietHours: checkbox },
        ),
      },
    },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      const { newLeads, assigned, followUps, quietHours } = request.body
      await savePreferences(db, staff.userId, {
        newLeads: newLeads !== undefined,
        assigned: assigned !== undefined,
        followUps: followUps !== undefined,
        quietHours: quietHours !== undefined,
      })
      return reply.redirect('/admin/notifications?notice=saved', 303)
    },
  )

  app.post<{ Params: { id: string } }>(
    '/admin/notifications/browsers/:id/remove',
    { ...staffOnly, schema: { params: formBody({ id: textField(100) }) } },
    async (request, reply) => {
      const staff = request.staff as StaffSession
      await removeSubscriptionById(db, staff.userId, request.params.id)
      return reply.redirect('/admin/notifications?notice=removed', 303)
    },
  )
}
