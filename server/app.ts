import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { type AdminRoutesOptions, adminRoutes } from './admin/routes/admin-routes.ts'
import type { RateLimit } from './config.ts'
import type { Database } from './db/database.ts'
import { createLeadRepository } from './leads/lead-repository.ts'
import { OneLinePerRequest } from './logger.ts'
import { postedFormKey } from './metrics/lead-outcome.ts'
import { createMetrics, type Metrics } from './metrics/metrics.ts'
import { loadFormPages } from './no-js/form-pages.ts'
import { databasePlugin } from './plugins/database.ts'
import { frameworkErrorHandler, registerErrorHandling } from './plugins/error-handling.ts'
import { registerMetrics } from './plugins/metrics.ts'
import { registerRateLimit } from './plugins/rate-limit.ts'
import { registerSecurityHeaders } from './plugins/security-headers.ts'
import { siteImageRoutes } from './plugins/site-images.ts'
import { notFoundPageSender, staticSitePlugin } from './plugins/static-site.ts'
import { backupRoutes } from './routes/backup.ts'
import { formBodyLimit, formRoutes } from './routes/forms.ts'
import { healthRoutes } from './routes/health.ts'
import { registerControlCharacterCheck } from './security/control-characters.ts'
import { pagePolicies } from './security/page-policy.ts'
import { watchSiteSettings } from './site/settings-watcher.ts'
import type { FolderTimes } from './site/site-folders.ts'
import { loadSitePages } from './site/site-pages.ts'
import {
  createProofVerifier,
  defaultProofLifetimeMs,
  defaultProofMaxNumber,
  proofKeyFrom,
} from './spam/proof-verifier.ts'
import { defaultMinFillMs } from './spam/spam-score.ts'
import { usedProofStore } from './spam/used-proofs.ts'
import { authenticateApiToken } from './staff/api-tokens.ts'
import type { PasswordCost } from './staff/password-hash.ts'

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
  /**
   * DATA_DIR/site: where the pages of published site settings are rendered (server/site). Unset:
   * the build's pages only, whatever is published (tests of other things).
   */
  siteDir?: string
  /** How often each process looks for a newly published version of the site settings. */
  siteSettingsPollMs?: number
  /** When a rendered folder no process serves may be removed (server/site/site-folders.ts). */
  siteFolderTimes?: FolderTimes
  logger?: FastifyServerOptions['logger']
  /** How many proxies (or which addresses) may name the client; never every hop (server/config.ts). */
  trustProxy?: false | number | string[]
  /** Close `db` when the app closes (the server); tests that share a database leave it false. */
  closeDatabaseWithApp?: boolean
  now?: () => Date
  /** The staff session cookie's Secure flag (config.adminCookieSecure); off by default for http://127.0.0.1. */
  adminCookieSecure?: boolean
  /** The proof of work asked of browsers: its difficulty (tests and benchmarks lower it). */
  proofOfWork?: { maxNumber?: number }
  /** Faster than this from the first touch of a form is a bot (SPAM_MIN_FILL_MS). */
  spamMinFillMs?: number
  /** Bearer token that may read the details of /api/health (monitoring); unset: staff only. */
  metricsToken?: string
  /** The process's Prometheus metrics (the delivery worker counts into the same); a fresh set by default. */
  metrics?: Metrics
  /** REDIS_URL: the submission rate limit shared by every process; unset: counted in this process. */
  redisUrl?: string
  /** Lets `npm run backup` ask this server for a snapshot of its embedded database (routes/backup.ts). */
  backupToken?: string
  /** REDIS_KEY_PREFIX */
  redisKeyPrefix?: string
  /**
   * The scrypt cost of new staff password hashes and of the sign-in decoy; production's
   * (server/staff/password-hash.ts) by default. Tests lower it; stored hashes keep their own.
   */
  passwordCost?: PasswordCost
  /**
   * Each API token's own limits (docs/api.md, "API tokens"): its requests to /api/admin, and its
   * posts of leads (leads:create). Defaults: 300 a minute and 60 a minute.
   */
  apiTokenRateLimit?: { api?: RateLimit; create?: RateLimit }
  /** Session lifetimes and sign-in lockout numbers; tests shorten them. */
  admin?: Pick<
    AdminRoutesOptions,
    'session' | 'throttle' | 'requireSecondFactor' | 'backupStatus' | 'localWebhookDestinations' | 'push'
  >
}

/** Every process sees a publish within this (plus one render of a second or two). */
const defaultSiteSettingsPollMs = 2000
const defaultTokenApiLimit: RateLimit = { max: 300, windowMs: 60_000 }
const defaultTokenCreateLimit: RateLimit = { max: 60, windowMs: 60_000 }

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
    logController: new OneLinePerRequest(),
    // onReady renders the published version when this process has not yet (its 76 pages and its
    // uploaded images' variants: tens of seconds on a loaded machine, decision 034), not 10 s.
    pluginTimeout: 120_000,
  })

  const policies = options.clientDir ? await pagePolicies(options.clientDir) : new Map<string, string>()
  const sitePages =
    options.clientDir && options.siteDir
      ? await loadSitePages({
          clientDir: options.clientDir,
          siteDir: options.siteDir,
          policies,
          ...(options.siteFolderTimes ? { folderTimes: options.siteFolderTimes } : {}),
        })
      : undefined
  const siteWatcher = sitePages
    ? watchSiteSettings({
        db: options.db,
        pages: sitePages,
        pollMs: options.siteSettingsPollMs ?? defaultSiteSettingsPollMs,
        log: app.log,
      })
    : undefined
  if (siteWatcher) {
    // The version in force is served from the first request on, and polled for until the app closes.
    app.addHook('onReady', () => siteWatcher.start())
    app.addHook('onClose', () => siteWatcher.stop())
  }
  const pagesDir = sitePages ? () => sitePages.pagesDir() : undefined
  registerSecurityHeaders(app)
  registerErrorHandling(app, {
    sendNotFoundPage: options.clientDir
      ? notFoundPageSender(options.clientDir, policies, pagesDir)
      : undefined,
  })
  // Visitors' forms answer a control character field by field, in the visitor's language.
  registerControlCharacterCheck(app, { skip: (request) => postedFormKey(request) !== undefined })
  registerMetrics(app, {
    metrics: options.metrics ?? createMetrics(),
    db: options.db,
    token: options.metricsToken,
  })
  const keyedLimit = await registerRateLimit(app, {
    redisUrl: options.redisUrl,
    keyPrefix: options.redisKeyPrefix,
  })
  await app.register(databasePlugin, { db: options.db, closeWithApp: options.closeDatabaseWithApp ?? false })

  await app.register(healthRoutes, { db: options.db, metricsToken: options.metricsToken })
  if (options.backupToken && options.db.snapshot) {
    await app.register(backupRoutes, { db: options.db, token: options.backupToken })
  }
  const proofSettings = {
    hmacKey: proofKeyFrom(options.ipHashSalt),
    maxNumber: options.proofOfWork?.maxNumber ?? defaultProofMaxNumber,
    lifetimeMs: defaultProofLifetimeMs,
  }
  await app.register(formRoutes, {
    leads: createLeadRepository(options.db),
    ipHashSalt: options.ipHashSalt,
    encryptionKey: options.encryptionKey,
    submitRateLimit: options.submitRateLimit,
    authenticateToken: (bearer) =>
      authenticateApiToken(options.db, bearer, options.ipHashSalt, (options.now ?? (() => new Date()))()),
    tokenSubmitLimit: keyedLimit(
      'api-token-create',
      options.apiTokenRateLimit?.create ?? defaultTokenCreateLimit,
    ),
    proof: {
      settings: proofSettings,
      verifier: createProofVerifier(proofSettings, usedProofStore(options.db)),
    },
    minFillMs: options.spamMinFillMs ?? defaultMinFillMs,
    pages: options.clientDir ? await loadFormPages(options.clientDir, policies, pagesDir) : undefined,
    now: options.now ?? (() => new Date()),
  })
  // The staff inbox: /admin pages and /api/admin, behind a session (server/admin).
  await app.register(adminRoutes, {
    db: options.db,
    encryptionKey: options.encryptionKey,
    ipHashSalt: options.ipHashSalt,
    cookieSecure: options.adminCookieSecure ?? false,
    now: options.now ?? (() => new Date()),
    passwordCost: options.passwordCost,
    tokenLimit: keyedLimit('api-token', options.apiTokenRateLimit?.api ?? defaultTokenApiLimit),
    ...options.admin,
    site: {
      ...(sitePages ? { preview: sitePages.preview } : {}),
      // after a publish here: served by this process at once, the others within a poll
      refresh: async () => siteWatcher?.refresh(),
    },
  })
  if (sitePages) {
    await app.register(siteImageRoutes, { db: options.db, imagesDir: sitePages.imagesDir })
  }
  if (options.clientDir) {
    await app.register(staticSitePlugin, { clientDir: options.clientDir, policies, pages: sitePages })
  }
  return app
}

/** A hop count becomes the function Fastify's types ask for (its runtime takes numbers too). */
function fastifyTrustProxy(
  value: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof value === 'number' ? (_address, hop) => hop < value : value
}
