import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { type AdminRoutesOptions, adminRoutes } from './admin/admin-routes.ts'
import type { RateLimit } from './config.ts'
import type { Database } from './db/database.ts'
import { createLeadRepository } from './leads/lead-repository.ts'
import { databasePlugin } from './plugins/database.ts'
import { frameworkErrorHandler, registerErrorHandling } from './plugins/error-handling.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import { pagePolicies, registerSecurityHeaders } from './plugins/security-headers.ts'
import { notFoundPageSender, staticSitePlugin } from './plugins/static-site.ts'
import { formBodyLimit, formRoutes } from './routes/forms.ts'
import { healthRoutes } from './routes/health.ts'

export interface AppOptions {
  /** An open, migrated database. */
  db: Database
  /** Secret key of the stored client-address hash. */
  ipHashSalt: string
  /** AES-256-GCM key for sensitive lead fields. */
  encryptionKey: Buffer
  /** Form submissions per client address; false: unlimited. */
  submitRateLimit: RateLimit | false
  /** The built site (build/client); without it the app serves the API only. */
  clientDir?: string
  logger?: FastifyServerOptions['logger']
  trustProxy?: boolean | number | string[]
  /** Close `db` when the app closes (the server); tests that share a database leave it false. */
  closeDatabaseWithApp?: boolean
  now?: () => Date
  /** The staff session cookie's Secure flag (config.adminCookieSecure); off by default for http://127.0.0.1. */
  adminCookieSecure?: boolean
  /** Session lifetimes and sign-in lockout numbers; tests shorten them. */
  admin?: Pick<AdminRoutesOptions, 'session' | 'throttle'>
}

/** The whole HTTP application, not listening yet: main.ts listens, tests call app.inject(). */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
    bodyLimit: formBodyLimit,
    // A JSON body with __proto__ or constructor.prototype is refused (400), never merged.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Answers 503 to requests arriving while shutting down, so a load balancer retries elsewhere.
    return503OnClosing: true,
    frameworkErrors: frameworkErrorHandler,
  })

  const policies = options.clientDir ? await pagePolicies(options.clientDir) : new Map<string, string>()
  registerSecurityHeaders(app)
  registerErrorHandling(app, {
    sendNotFoundPage: options.clientDir ? notFoundPageSender(options.clientDir, policies) : undefined,
  })
  await registerRateLimit(app)
  await app.register(databasePlugin, { db: options.db, closeWithApp: options.closeDatabaseWithApp ?? false })

  await app.register(healthRoutes, { db: options.db })
  await app.register(formRoutes, {
    leads: createLeadRepository(options.db),
    ipHashSalt: options.ipHashSalt,
    encryptionKey: options.encryptionKey,
    submitRateLimit: options.submitRateLimit,
    now: options.now ?? (() => new Date()),
  })
  // The staff inbox: /admin pages and /api/admin, behind a session (server/admin).
  await app.register(adminRoutes, {
    db: options.db,
    encryptionKey: options.encryptionKey,
    ipHashSalt: options.ipHashSalt,
    cookieSecure: options.adminCookieSecure ?? false,
    now: options.now ?? (() => new Date()),
    ...options.admin,
  })
  if (options.clientDir) {
    await app.register(staticSitePlugin, { clientDir: options.clientDir, policies })
  }
  return app
}

/** A hop count becomes the function Fastify's types ask for (its runtime takes numbers too). */
function fastifyTrustProxy(
  value: boolean | number | string[],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value
}
