import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import net from 'node:net'
import path from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import type { FastifyInstance } from 'fastify'
import { agency } from '#config/agency.ts'
import { getFormDefinition } from '#forms/registry.ts'
import { createBackupJob } from './backup/backup-job.ts'
import { backupStatusReader } from './backup/backup-status.ts'
import { removeServerControl, writeServerControl } from './backup/server-control.ts'
import { ConfigError, loadConfig } from './config.ts'
import { runMigrations } from './db/migrate.ts'
import { DatabaseOpenError, openDatabase } from './db/open-database.ts'
import { maintainTables } from './db/table-maintenance.ts'
import { createPeriodicTask, errorReason } from './jobs/periodic-task.ts'
import { deliveryCounts } from './leads/lead-jobs.ts'
import { createRetentionJob } from './leads/retention-job.ts'
import { loggerOptions } from './logger.ts'
import { createMailTransport } from './mail/mail-transport.ts'
import { createMetrics } from './metrics/metrics.ts'
import { otherKeyReason, recordKeyCheck } from './security/encryption-key-check.ts'
import { syncEnvironmentDestination } from './webhooks/destinations.ts'
import { countHeldDeliveries } from './webhooks/webhook-jobs.ts'
// The staff views, the e-mails and the digest are .tsx, which node loads through these hooks
// (docs/decisions/044-server-views-in-tsx.md).
import './views/tsx-hooks.ts'

// Imported once the hooks are in place: a static import would load them before the hooks.
const { buildApp } = await import('./app.ts')
const { createDeliveryWorker } = await import('./delivery/delivery-worker.ts')
const { composeDigest, createDigestJob } = await import('./desk/morning-digest.ts')

/** The site's build output, wherever the process was started from. */
const clientDir = path.join(import.meta.dirname, '..', 'build', 'client')

/** How long in-flight requests may take to finish after SIGTERM before the process gives up. */
const shutdownGraceMs = 10_000
/** How often the embedded database's tables are checked for an ANALYZE or a VACUUM. */
const tableMaintenanceIntervalMs = 5_000
/** How long a notification being sent may take after SIGTERM before its job is handed back. */
const deliveryGraceMs = 5_000
/**
 * After SIGTERM, once the requests in flight are answered, how long the server still listens and
 * answers 503 on every connection before closing them: long enough for a client between two
 * requests on a kept-alive connection to send its next one and read the 503.
 */
const drainMs = 300
/** After the listener is closed, how long connections it had just accepted have to send their request. */
const settleMs = 1000

/**
 * A graceful stop answers rather than resets (docs/decisions/015-operations.md): Fastify answers 503
 * once closing, but closing the listener at once resets connections the kernel had accepted and
 * the busy event loop had not taken yet, and closing idle kept-alive connections resets a client
 * whose next request is already on its way. So the listener stays open while the requests in flight
 * finish and for drainMs after, and every answer from SIGTERM on carries Connection: close, so the
 * server has no idle connection left to cut when it closes. What is left: a connection still waiting
 * in the kernel's accept queue when the listener closes is reset by the kernel (a few, on a busy
 * machine; tests/server/graceful-stop.test.ts counts them).
 */
function drainBeforeClose(app: FastifyInstance): void {
  let inFlight = 0
  let closing = false
  app.server.on('request', (_request, response: ServerResponse) => {
    inFlight++
    response.once('close', () => inFlight--)
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
  app.addHook('preClose', async () => {
    closing = true
    const deadline = Date.now() + shutdownGraceMs / 2
    while (inFlight > 0 && Date.now() < deadline) await delay(10)
    await delay(drainMs)
    // Stop listening without http.Server.close(), which would also cut every connection without a
    // request in progress, including one just accepted whose request is arriving; give those a
    // moment to be answered 503 before Fastify closes what is left.
    net.Server.prototype.close.call(app.server)
    await delay(settleMs)
  })
}

async function main(): Promise<void> {
  // Everything this process creates (DATA_DIR, the embedded database, the .eml mail folder, the
  // generated secrets, backups) holds leads or keys: owner-only, whatever umask started it.
  process.umask(0o077)
  let config: ReturnType<typeof loadConfig>
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const startedAt = new Date()
  // An unreachable or missing DATABASE_URL is one line for the operator, not a stack trace.
  const db = await openDatabase(config).catch((error: unknown) => {
    if (!(error instanceof DatabaseOpenError)) throw error
    console.error(error.message)
    process.exit(1)
  })
  const applied = await runMigrations(db)
  // Under another key than the one the stored SSN and EIN were encrypted with, they would be
  // unreadable and new ones written under a second key: refused before anything is served.
  if ((await recordKeyCheck(db, config.encryptionKey)) === 'different') {
    console.error(`${otherKeyReason('The database')}.`)
    await db.close()
    process.exit(1)
  }
  const hasSite = existsSync(path.join(clientDir, 'index.html'))
  const metrics = createMetrics()
  // Per start: `npm run backup` reads it from DATA_DIR (server-control.ts) to ask for a snapshot.
  const backupToken = db.snapshot ? randomBytes(32).toString('hex') : undefined

  // The nightly backup: the embedded database's snapshot, or pg_dump of DATABASE_URL (BACKUP_KEEP=0
  // turns it off); /api/admin/health and the morning digest say when it is stale.
  const backups =
    config.backup.keep > 0
      ? createBackupJob({
          db,
          dir: config.backup.dir,
          keep: config.backup.keep,
          databaseUrl: config.databaseUrl,
          log: { info: (obj, msg) => app.log.info(obj, msg), warn: (obj, msg) => app.log.warn(obj, msg) },
        })
      : undefined
  const backupStatus = backupStatusReader({ ...config.backup, startedAt, job: backups })

  const app = await buildApp({
    db,
    ipHashSalt: config.ipHashSalt,
    encryptionKey: config.encryptionKey,
    submitRateLimit: config.submitRateLimit,
    trustProxy: config.trustProxy,
    clientDir: hasSite ? clientDir : undefined,
    // The pages of published site settings (/admin/site), kept with the data so restarts reuse them.
    siteDir: path.join(config.dataDir, 'site'),
    logger: loggerOptions(config.nodeEnv === 'test' ? 'warn' : 'info', {
      buffered: config.nodeEnv === 'production',
    }),
    // Closed by the shutdown below, once the app and the background tasks are done with it.
    closeDatabaseWithApp: false,
    metrics,
    redisUrl: config.redisUrl,
    redisKeyPrefix: config.redisKeyPrefix,
    backupToken,
    adminCookieSecure: config.adminCookieSecure,
    admin: {
      requireSecondFactor: config.staffRequireSecondFactor,
      backupStatus,
      localWebhookDestinations: config.webhookLocalDestinations,
      push: { publicKey: config.vapid.publicKey, allowLoopback: config.nodeEnv !== 'production' },
    },
    metricsToken: config.metricsToken,
    proofOfWork: { maxNumber: config.proofOfWorkMaxNumber },
    spamMinFillMs: config.spamMinFillMs,
  })

  drainBeforeClose(app)
  app.log.info(
    { driver: db.driver, dataDir: config.dataDir, migrationsApplied: applied },
    db.driver === 'pglite' ? 'embedded database ready' : 'PostgreSQL ready',
  )
  // WEBHOOK_URL / WEBHOOK_SECRET: the environment's destination follows the environment at each start.
  await syncEnvironmentDestination(db, config.webhook, config.encryptionKey)
  const held = (await deliveryCounts(db)).held ?? 0
  const heldWebhooks = await countHeldDeliveries(db)
  if (held + heldWebhooks > 0) {
    app.log.warn(
      { held, heldWebhooks },
      'notifications held after a restore are not sent until an owner decides at /admin/held-notifications',
    )
  }
  if (config.encryptionKeyGenerated) {
    app.log.warn(
      { file: path.join(config.dataDir, 'lead-encryption-key') },
      'LEAD_ENCRYPTION_KEY is not set: using a development key kept in the data folder (production refuses to start without one)',
    )
  }
  if (config.vapid.generated) {
    app.log.warn(
      { file: path.join(config.dataDir, 'vapid-private-key') },
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: phone notifications are signed with a development key kept in the data folder (production refuses to start without them)',
    )
  }
  const transport = createMailTransport({
    smtpUrl: config.smtpUrl,
    mailDir: path.join(config.dataDir, 'mail'),
  })
  if (transport.kind === 'files') {
    app.log.info(
      { mailDir: path.join(config.dataDir, 'mail') },
      'SMTP_URL is not set: lead e-mails are written as .eml files',
    )
  }
  const digestSettings = {
    time: config.digestTime ?? '24:00',
    to: config.digestTo,
    // Read when the digest runs: a published change of the office's zone applies without a restart.
    get timeZone() {
      return agency.timeZone
    },
    get deskUrl() {
      return agency.siteUrl
    },
  }
  // DIGEST_TIME=off: no digest is queued (a job queued before still goes out).
  const digestJob = config.digestTime
    ? createDigestJob({ db, settings: digestSettings, log: app.log })
    : undefined
  const worker = createDeliveryWorker({
    db,
    transport,
    getForm: getFormDefinition,
    log: app.log,
    pollMs: config.delivery.pollMs,
    metrics,
    digest: {
      to: config.digestTo,
      compose: async (day) =>
        composeDigest(
          db,
          day,
          new Date(),
          digestSettings,
          (key) => getFormDefinition(key)?.title ?? key,
          await backupStatus(),
        ),
    },
    webhooks: {
      encryptionKey: config.encryptionKey,
      siteUrl: agency.siteUrl,
      allowLoopback: config.webhookLocalDestinations,
    },
    ...(config.visitorConfirmation ? { visitor: { secret: config.ipHashSalt } } : {}),
    // Phone notifications: push services on this machine only outside production (tests, development).
    push: { vapid: config.vapid, allowLoopback: config.nodeEnv !== 'production' },
    settings: {
      from: config.mailFrom,
      to: config.leadsTo,
      maxAttempts: config.delivery.maxAttempts,
      baseDelayMs: config.delivery.baseDelayMs,
      maxDelayMs: config.delivery.maxDelayMs,
      leaseMs: 120_000,
    },
  })
  // Purges closed and spam leads older than RETENTION_DAYS, hourly (0 keeps every lead).
  const retention = createRetentionJob({
    db,
    retentionDays: config.retentionDays,
    purgeWon: config.retentionPurgesWon,
    log: app.log,
  })
  // The embedded database has no autovacuum: the server analyzes and vacuums its tables
  // (server/db/table-maintenance.ts). A pass reads one statistics view (about 1.5 ms) when
  // nothing needs doing.
  const tableMaintenance =
    db.driver === 'pglite'
      ? createPeriodicTask({
          pass: async () => {
            const done = await maintainTables(db)
            if (done.analyzed.length + done.vacuumed.length > 0) app.log.debug(done, 'tables maintained')
          },
          intervalMs: tableMaintenanceIntervalMs,
          onError: (error) => app.log.warn({ reason: errorReason(error) }, 'table maintenance failed'),
          keepAlive: false,
        })
      : undefined
  if (!hasSite) app.log.warn({ clientDir }, 'no site build found: serving the API only (run npm run build)')

  let closing = false
  const shutdown = (signal: NodeJS.Signals) => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    const forceExit = setTimeout(() => {
      app.log.error('shutdown took too long; exiting')
      process.exit(1)
    }, shutdownGraceMs)
    forceExit.unref()
    // app.close() stops accepting connections (a request on a kept-alive one gets 503, so a load
    // balancer retries elsewhere) and waits for the requests in flight: each one answered OK has
    // its lead and delivery job committed. Meanwhile the worker claims nothing more and finishes
    // its send, or hands the job back after deliveryGraceMs; the database closes after all of them.
    removeServerControl(config.dataDir)
    Promise.all([
      app.close(),
      worker.stop({ releaseAfterMs: deliveryGraceMs }).then(() => transport.close()),
      retention.stop(),
      tableMaintenance?.stop(),
      digestJob?.stop(),
      backups?.stop(),
    ])
      .then(() => db.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down')
          process.exit(1)
        },
      )
  }
  process.once('SIGTERM', shutdown)
  process.once('SIGINT', shutdown)

  await app.listen({ port: config.port, host: config.host })
  if (backupToken) writeServerControl(config.dataDir, app.server.address(), backupToken)
  worker.start()
  retention.start()
  tableMaintenance?.start()
  backups?.start()
  digestJob?.start()
}

await main()
