/**
 * The one check behind every token-guarded endpoint (/api/health's counts, /metrics,
 * /internal/backup): routes and plugins alike ask it, so it sits below both.
 */
import { timingSafeEqual } from 'node:crypto'
import type { FastifyRequest } from 'fastify'

/** The request carries `Authorization: Bearer <token>` (compared in constant time); never when no token is set. */
export function hasBearerToken(request: FastifyRequest, token: string | undefined): boolean {
  const header = request.headers.authorization
  if (!token || typeof header !== 'string' || !header.startsWith('Bearer ')) return false
  const given = Buffer.from(header.slice('Bearer '.length))
  const expected = Buffer.from(token)
  return given.length === expected.length && timingSafeEqual(given, expected)
}
