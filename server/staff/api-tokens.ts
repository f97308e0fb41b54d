/**
 * API tokens: the credential of a program (a CRM's sync, a lead vendor's posts), sent as
 * `Authorization: Bearer <token>` to /api/admin/* and POST /api/forms/:formKey (docs/api.md, "API
 * tokens"). Each has a name, scopes, an optional expiry; it is shown once when made and stored as a
 * keyed digest (HMAC-SHA256 under the server's secret, like every stored digest:
 * docs/decisions/023-keyed-fingerprints.md), so neither the database nor a backup holds one that
 * works. Made and revoked by owners on the desk (/admin/tokens) or by `npm run staff -- token`,
 * each change in staff_audit (migration 025).
 */
import { createHmac, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'

export const apiTokenScopes = ['leads:read', 'leads:write', 'leads:create', 'sensitive:reveal'] as const
export type ApiTokenScope = (typeof apiTokenScopes)[number]

/** What each scope lets a token do, as the desk and the staff command describe it. */
export const scopeWords: Record<ApiTokenScope, string> = {
  'leads:read': 'read leads, their work and deliveries (the list, one lead, the sync, the counts)',
  'leads:write': 'change leads: status, spam, assignee, follow-up, contacts, notes, retries',
  'leads:create': 'post leads to POST /api/forms/:formKey (no proof of work, its own limits)',
  'sensitive:reveal': 'reveal SSN and EIN, one field at a time, each reveal recorded',
}

function isApiTokenScope(value: unknown): value is ApiTokenScope {
  return apiTokenScopes.some((scope) => scope === value)
}

/** A token is `ort_` (the agency's prefix, so a leaked one is recognisable) and 32 random bytes. */
const tokenPrefix = 'ort_'
const tokenPattern = /^ort_[A-Za-z0-9_-]{43}$/
/** Lower-case letters, digits, dot, dash and underscore: a name a shell and a log take as it is. */
const namePattern = /^[a-z0-9][a-z0-9._-]{0,59}$/
/** last_used_at is written at most this often, so a busy sync does not write on every request. */
const touchIntervalMs = 60_000

export class ApiTokenError extends Error {
  override name = 'ApiTokenError'
}

function digestOf(token: string, secret: string): string {
  const key = createHmac('sha256', secret).update('api tokens').digest()
  return createHmac('sha256', key).update(token).digest('hex')
}

export interface ApiToken {
  id: string
  name: string
  scopes: ApiTokenScope[]
  createdBy: string
  createdAt: Date
  expiresAt: Date | null
  lastUsedAt: Date | null
  revokedAt: Date | null
  revokedBy: string | null
}

/** The name as given, checked: the error says what a name may be. */
export function checkTokenName(name: string): string {
  const trimmed = name.trim()
  if (!namePattern.test(trimmed))
    throw new ApiTokenError(
      'A token name is 1 to 60 lower-case letters, digits, dots, dashes or underscores, starting with a letter or digit (e.g. crm-sync).',
    )
  return trimmed
}

/** `leads:read,leads:write` → the scopes; an unknown one is named. */
export function parseScopes(text: string): ApiTokenScope[] {
  const names = text
    .split(',')
    .map((scope) => scope.trim())
    .filter(Boolean)
  const unknown = names.filter((scope) => !isApiTokenScope(scope))
  if (unknown.length > 0)
    throw new ApiTokenError(`Unknown scope ${unknown.join(', ')}: use ${apiTokenScopes.join(', ')}.`)
  const scopes = apiTokenScopes.filter((scope) => names.includes(scope))
  if (scopes.length === 0) throw new ApiTokenError(`Give at least one scope: ${apiTokenScopes.join(', ')}.`)
  return scopes
}

/** `2027-01-01` (the end of that day, UTC) or an ISO time with its offset; never one already past. */
export function parseExpiry(text: string, now: Date): Date {
  const trimmed = text.trim()
  const day = /^\d{4}-\d{2}-\d{2}$/.test(trimmed)
  const at = new Date(day ? `${trimmed}T23:59:59Z` : trimmed)
  const valid =
    !Number.isNaN(at.getTime()) &&
    (day
      ? at.toISOString().slice(0, 10) === trimmed
      : /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(trimmed))
  if (!valid) throw new ApiTokenError('The expiry is a day (2027-01-01) or a time with its offset.')
  if (at.getTime() <= now.getTime()) throw new ApiTokenError('The expiry is already past.')
  return at
}

/** Makes a token and stores its digest; the token is returned once and never kept. */
export async function createApiToken(
  db: Queryable,
  input: { name: string; scopes: ApiTokenScope[]; expiresAt: Date | null; createdBy: string; now: Date },
  secret: string,
): Promise<{ token: string; id: string }> {
  const name = checkTokenName(input.name)
  if (input.scopes.length === 0) throw new ApiTokenError('Give at least one scope.')
  const [taken] = await run(db, build.selectFrom('api_tokens').select('id').where('name', '=', name))
  if (taken) throw new ApiTokenError(`A token named ${name} exists already (names are never reused).`)
  const token = `${tokenPrefix}${randomBytes(32).toString('base64url')}`
  const [row] = await run(
    db,
    build
      .insertInto('api_tokens')
      .values({
        name,
        token_digest: digestOf(token, secret),
        scopes: input.scopes,
        created_by: input.createdBy,
        created_at: input.now,
        expires_at: input.expiresAt,
      })
      .returning('id'),
  )
  if (!row) throw new Error('the token was not stored')
  return { token, id: row.id }
}

const tokenColumns = [
  'id',
  'name',
  'scopes',
  'created_by as createdBy',
  'created_at as createdAt',
  'expires_at as expiresAt',
  'last_used_at as lastUsedAt',
  'revoked_at as revokedAt',
  'revoked_by as revokedBy',
] as const

/** Every token, newest first, revoked ones included (their names stay taken). */
export async function listApiTokens(db: Queryable): Promise<ApiToken[]> {
  const rows = await run(
    db,
    build.selectFrom('api_tokens').select(tokenColumns).orderBy('created_at', 'desc').orderBy('name'),
  )
  return rows.map((row) => ({ ...row, scopes: row.scopes.filter(isApiTokenScope) }))
}

/** Revokes a live token by its name; false when there is none (or it was revoked already). */
export async function revokeApiToken(db: Queryable, name: string, by: string, now: Date): Promise<boolean> {
  const rows = await run(
    db,
    build
      .updateTable('api_tokens')
      .set({ revoked_at: now, revoked_by: by })
      .where('name', '=', name.trim())
      .where('revoked_at', 'is', null)
      .returning('id'),
  )
  return rows.length > 0
}

/** The token's state for the desk: live, expired or revoked. */
export function tokenState(token: ApiToken, now: Date): 'live' | 'expired' | 'revoked' {
  if (token.revokedAt) return 'revoked'
  if (token.expiresAt && token.expiresAt.getTime() <= now.getTime()) return 'expired'
  return 'live'
}

/** Who a request with a live token is: its id, name and scopes. */
export interface ApiTokenIdentity {
  id: string
  name: string
  scopes: ApiTokenScope[]
}

/**
 * The live token a bearer value names (not revoked, not expired), its last use noted; undefined
 * for anything else, which the caller answers 401 without saying which it was.
 */
export async function authenticateApiToken(
  db: Queryable,
  bearer: string,
  secret: string,
  now: Date,
): Promise<ApiTokenIdentity | undefined> {
  if (!tokenPattern.test(bearer)) return undefined
  const [row] = await run(
    db,
    build
      .selectFrom('api_tokens')
      .select(['id', 'name', 'scopes', 'expires_at as expiresAt', 'last_used_at as lastUsedAt'])
      .where('token_digest', '=', digestOf(bearer, secret))
      .where('revoked_at', 'is', null),
  )
  if (!row || (row.expiresAt && row.expiresAt.getTime() <= now.getTime())) return undefined
  if (!row.lastUsedAt || now.getTime() - row.lastUsedAt.getTime() >= touchIntervalMs) {
    await run(db, build.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.id))
  }
  return { id: row.id, name: row.name, scopes: row.scopes.filter(isApiTokenScope) }
}

/** The bearer value of `Authorization: Bearer …`, or undefined when the header is not one. */
export function bearerOf(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined
  const match = /^Bearer +(\S+)\s*$/i.exec(header)
  return match?.[1]
}
