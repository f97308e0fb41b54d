/**
 * The guard of the desk's owner-only pages (staff accounts, held notifications, webhooks): signed
 * in (requireStaffPage) and an owner; anyone else gets a 403 page that says what only an owner
 * does, and nothing changes.
 */

import type { FastifyReply, FastifyRequest } from 'fastify'
import { html } from 'htm/react'
import { Fragment } from 'react'
import { errorBanner, sendPage, staffPage } from '../views/admin-layout.ts'
import { requireStaffPage } from './admin-auth.ts'

/** `what`: what only an owner does, e.g. "manages webhooks". */
export function requireOwner(what: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    await requireStaffPage(request, reply)
    if (reply.sent || !request.staff) return reply
    if (request.staff.role === 'owner') return undefined
    return sendPage(
      reply,
      staffPage({
        title: 'Owners only',
        staffEmail: request.staff.email,
        body: html`<${Fragment}>
          <h1>Owners only</h1>
          ${errorBanner(`Only an owner account ${what}. Ask the agency’s owner.`)}
          <p><a href="/admin">Back to the inbox</a></p>
        <//>`,
      }),
      403,
    )
  }
}
