import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { agency } from '../config/agency.ts'
import { getFormDefinition } from '../forms/registry.ts'
import { buildApp } from './app.ts'
import { createBackupJob } from './backup/backup-job.ts'
import { removeServerControl, writeServerControl } from './backup/server-control.ts'
import { ConfigError, loadConfig } from './config.ts'
import { runMigrations } from './db/migrate.ts'
import { openDatabase } from './db/open-database.ts'
import { createDeliveryWorker } from './delivery/delivery-worker.ts'
import { composeDigest, createDigestJob } from './desk/morning-digest.ts'
import { deliveryCounts } from './leads/lead-jobs.ts'
import { createRetentionJob } from './leads/retention-job.ts'
import { loggerOptions } from './logger.ts'
import { createMailTransport } from './mail/mail-transport.ts'
import { createMetrics } from './metrics/metrics.ts'

/** The site's build output, wherever the process was started from. */
const clientDir = path.join(import.meta.dirname, '..', 'build', 'client')

/** How long in-flight requests may take to finish after SIGTERM before the process gives up. */
const shutdownGraceMs = 10_000
/** How long a notification being sent may take after SIGTERM before its job is handed back. */
const deliveryGraceMs = 5_000

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

  const db = await openDatabase(config)
  const applied = await runMigrations(db)
  const hasSite = existsSync(path.join(clientDir, 'index.html'))
  const metrics = createMetrics()
  // Per start: `npm run backup` reads it from DATA_DIR (server-control.ts) to ask for a snapshot.
  const backupToken = db.snapshot ? randomBytes(32).toString('hex') : undefined

  const app = await buildApp({
    db,
    ipHashSalt: config.ipHashSalt,
    encryptionKey: config.encryptionKey,
    submitRateLimit: config.submitRateLimit,
    trustProxy: config.trustProxy,
    clientDir: hasSite ? clientDir : undefined,
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
    admin: { requireSecondFactor: config.staffRequireSecondFactor },
    metricsToken: config.metricsToken,
    proofOfWork: { maxNumber: config.proofOfWorkMaxNumber },
    spamMinFillMs: config.spamMinFillMs,
  })

  app.log.info(
    { driver: db.driver, dataDir: config.dataDir, migrationsApplied: applied },
    db.driver === 'pglite' ? 'embedded database ready' : 'PostgreSQL ready',
  )
  const held = (await deliveryCounts(db)).held ?? 0
  if (held > 0) {
    app.log.warn(
      { held },
      'notifications held after a restore are not sent until an owner decides at /admin/held-notifications',
    )
  }
  if (config.encryptionKeyGenerated) {
    app.log.warn(
      { file: path.join(config.dataDir, 'lead-encryption-key') },
      'LEAD_ENCRYPTION_KEY is not set: using a development key kept in the data folder (production refuses to start without one)',
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
    timeZone: agency.timeZone,
    deskUrl: agency.siteUrl,
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
      compose: (day) =>
        composeDigest(db, day, new Date(), digestSettings, (key) => getFormDefinition(key)?.title ?? key),
    },
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
  const retention = createRetentionJob({ db, retentionDays: config.retentionDays, log: app.log })
  // The embedded database's nightly snapshot (BACKUP_KEEP=0 turns it off; PostgreSQL: pg_dump).
  const backups =
    db.snapshot && config.backup.keep > 0
      ? createBackupJob({ db, dir: config.backup.dir, keep: config.backup.keep, log: app.log })
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
  backups?.start()
  digestJob?.start()
}

await main()
