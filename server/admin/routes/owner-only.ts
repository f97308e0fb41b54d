/**
 * The guard of the desk's owner-only pages (staff accounts, held notifications, webhooks): signed
 * in (requireStaffPage) and an owner; anyone else gets a 403 page that says what only an owner
 * does, and nothing changes.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { sendPage } from '../views/admin-layout.tsx'
import { messagePage } from '../views/message-page.tsx'
import { requireStaffPage } from './admin-auth.ts'

/** `what`: what only an owner does, e.g. "manages webhooks". */
export function requireOwner(what: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    await requireStaffPage(request, reply)
    if (reply.sent || !request.staff) return reply
    if (request.staff.role === 'owner') return undefined
    const message = `Only an owner account ${what}. Ask the agency’s owner.`
    return sendPage(reply, messagePage('Owners only', message, request.staff), 403)
  }
}
