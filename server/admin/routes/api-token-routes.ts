/**
 * API tokens (/admin/tokens), for owners only: make one (shown once, on the page the POST redirects
 * to: server/staff/staff-flash.ts), list them with their last use, revoke one. Each change is a POST
 * from a page of this site (the Origin check in admin-routes.ts) and is recorded in staff_audit
 * (docs/api.md, "API tokens").
 */
import type { FastifyInstance } from 'fastify'
import {
  ApiTokenError,
  apiTokenScopes,
  checkTokenName,
  createApiToken,
  listApiTokens,
  parseExpiry,
  revokeApiToken,
} from '#server/staff/api-tokens.ts'
import { recordStaffAudit } from '#server/staff/staff-accounts.ts'
import { putFlash, takeFlash } from '#server/staff/staff-flash.ts'
import type { StaffSession } from '#server/staff/staff-sessions.ts'
import { sendPage } from '../views/admin-layout.tsx'
import { apiTokensPage, newTokenPage, type TypedToken, tokensPath } from '../views/api-tokens-page.tsx'
import type { DeskOptions } from './desk-options.ts'
import { requireOwner } from './owner-only.ts'
import { noticeFrom } from './route-helpers.ts'

type TokenRoutesOptions = Pick<DeskOptions, 'db' | 'encryptionKey' | 'ipHashSalt' | 'now'>

const notices: Record<string, string> = {
  revoked: 'Revoked: the token works no more.',
  none: 'Nothing changed: no live token of that name.',
}

interface TokenPost {
  Body: Record<string, string>
}

export async function apiTokenRoutes(app: FastifyInstance, options: TokenRoutesOptions): Promise<void> {
  const { db } = options
  const ownerOnly = { onRequest: requireOwner('manages API tokens') }

  app.get(tokensPath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const query = request.query as Record<string, unknown> | undefined
    if (query?.made !== undefined) {
      const made = await takeFlash<{ name: string; token: string }>(
        db,
        owner,
        'api-token',
        query.made,
        options.now(),
        options.encryptionKey,
      )
      if (made) return sendPage(reply, newTokenPage(owner, made.name, made.token))
    }
    const notice = noticeFrom(request.query, notices)
    return sendPage(reply, apiTokensPage(owner, await listApiTokens(db), options.now(), { notice }))
  })

  app.post<TokenPost>(tokensPath, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const body = request.body ?? {}
    const now = options.now()
    const typed: TypedToken = {
      name: String(body.name ?? ''),
      scopes: apiTokenScopes.filter((scope) => body[`scope-${scope.replace(':', '-')}`] === 'yes'),
      expires: String(body.expires ?? ''),
    }
    try {
      const name = checkTokenName(typed.name ?? '')
      if (!typed.scopes?.length) throw new ApiTokenError('Tick at least one scope.')
      const scopes = apiTokenScopes.filter((scope) => typed.scopes?.includes(scope))
      const expiresAt = typed.expires ? parseExpiry(typed.expires, now) : null
      const { token } = await db.transaction(async (tx) => {
        const made = await createApiToken(
          tx,
          { name, scopes, expiresAt, createdBy: owner.email, now },
          options.ipHashSalt,
        )
        await recordStaffAudit(tx, owner.email, 'token-add', name)
        return made
      })
      const shown = await putFlash(db, owner, 'api-token', { name, token }, now, options.encryptionKey)
      request.log.info({ staff: owner.userId, action: 'token-add', token: name }, 'admin: API token made')
      return reply.redirect(`${tokensPath}?made=${shown}`, 303)
    } catch (error) {
      if (!(error instanceof ApiTokenError)) throw error
      const page = apiTokensPage(owner, await listApiTokens(db), now, { error: error.message, typed })
      return sendPage(reply, page, 400)
    }
  })

  app.post<TokenPost>(`${tokensPath}/revoke`, ownerOnly, async (request, reply) => {
    const owner = request.staff as StaffSession
    const name = String(request.body?.name ?? '').trim()
    const revoked = await db.transaction(async (tx) => {
      if (!(await revokeApiToken(tx, name, owner.email, options.now()))) return false
      await recordStaffAudit(tx, owner.email, 'token-revoke', name)
      return true
    })
    request.log.info(
      { staff: owner.userId, action: 'token-revoke', token: name, revoked },
      'admin: API token',
    )
    return reply.redirect(`${tokensPath}?notice=${revoked ? 'revoked' : 'none'}`, 303)
  })
}
