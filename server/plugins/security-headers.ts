import type { FastifyInstance } from 'fastify'

/**
 * Security headers on every response, and a strict Content-Security-Policy per page (each
 * prerendered page's own, server/security/page-policy.ts; this one for everything else).
 */
const commonHeaders: Record<string, string> = {
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
}

/** For everything that is not a page (API answers, assets): nothing may run or be framed. */
const apiPolicy = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const originProbe = 'http://site.invalid'

/**
 * True when a Location value, resolved the way a browser resolves it, stays on this site. A browser
 * reads `/\\evil.example` or `//evil.example` as another host, and drops tabs and newlines first.
 */
export function isSameOriginLocation(location: string): boolean {
  try {
    return new URL(location, `${originProbe}/`).origin === originProbe
  } catch {
    return false
  }
}

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    // The last line of defence: whatever made it, no redirect of ours leaves the site.
    const location = reply.getHeader('location')
    if (typeof location === 'string' && !isSameOriginLocation(location)) {
      request.log.error({ location: location.slice(0, 200) }, 'refused an off-site redirect')
      reply.header('location', '/')
    }
    for (const [name, value] of Object.entries(commonHeaders)) reply.header(name, value)
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', apiPolicy)
    return payload
  })
}
