/**
 * What every staff API route declares in the OpenAPI document: who may call it (`access`) and the
 * answers any route may give beside its own (`answers`). The scope check (api-routes.ts) reads
 * `security` back from the route, so a route says once what it needs.
 */
import type { z } from 'zod'
import type { ApiTokenScope } from '#server/staff/api-tokens.ts'
import { errorSchema, problemSchema } from '../lead-summary.ts'

/**
 * Who may call a route, as the OpenAPI document says it and as the scope check below reads it: a
 * staff session, or an API token with `scope`; null: a staff session only (signing out).
 */
export function access(scope: ApiTokenScope | null): Record<string, string[]>[] {
  return scope ? [{ staffSession: [] }, { apiToken: [scope] }] : [{ staffSession: [] }]
}

/**
 * A route's answers as the document declares them: its own, and those any route may give: 400 (a
 * control character anywhere, server/security/control-characters.ts), 401
 * without a session or live token, 403 (a token without the route's scope; a session's change
 * without this site's Origin), 429 (over a token's limit), 500; a route with a body also 413 and 415.
 */
export function answers<Own extends Record<number, z.ZodType>>(own: Own, withBody = false) {
  return {
    400: problemSchema.describe('A request it cannot read (a control character, a body not understood).'),
    ...own,
    401: errorSchema.describe('No staff session and no live API token.'),
    403: errorSchema.describe(
      'An API token without the scope this route needs, or a session’s change without this site’s Origin.',
    ),
    429: errorSchema.describe('Over the API token’s limit: wait for `Retry-After` seconds.'),
    500: errorSchema.describe('The server failed; try again.'),
    ...(withBody
      ? {
          413: errorSchema.describe('The body is too large.'),
          415: errorSchema.describe('The body is not JSON.'),
        }
      : {}),
  }
}
