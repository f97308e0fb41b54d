import { existsSync } from 'node:fs'
import path from 'node:path'
import { getFormDefinition } from '../forms/registry.ts'
import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config.ts'
import { runMigrations } from './db/migrate.ts'
import { openDatabase } from './db/open-database.ts'
import { createDeliveryWorker } from './delivery/delivery-worker.ts'
import { createRetentionJob } from './leads/retention-job.ts'
import { loggerOptions } from './logger.ts'
import { createMailTransport } from './mail/mail-transport.ts'

/** The site's build output, wherever the process was started from. */
const clientDir = path.join(import.meta.dirname, '..', 'build', 'client')

/** How long in-flight requests may take to finish after SIGTERM before the process gives up. */
const shutdownGraceMs = 10_000

async function main(): Promise<void> {
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

  const app = await buildApp({
    db,
    ipHashSalt: config.ipHashSalt,
    encryptionKey: config.encryptionKey,
    submitRateLimit: config.submitRateLimit,
    trustProxy: config.trustProxy,
    clientDir: hasSite ? clientDir : undefined,
    logger: loggerOptions(config.nodeEnv === 'test' ? 'warn' : 'info'),
    closeDatabaseWithApp: true,
    adminCookieSecure: config.adminCookieSecure,
  })

  app.log.info(
    { driver: db.driver, dataDir: config.dataDir, migrationsApplied: applied },
    db.driver === 'pglite' ? 'embedded database ready' : 'PostgreSQL ready',
  )
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
  const worker = createDeliveryWorker({
    db,
    transport,
    getForm: getFormDefinition,
    log: app.log,
    pollMs: config.delivery.pollMs,
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
    // close() stops accepting connections, lets in-flight requests finish, then closes the database.
    // The worker stops before the database closes; an unfinished send is retried by the next process.
    Promise.all([worker.stop(), retention.stop()])
      .then(() => transport.close())
      .then(() => app.close())
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
  worker.start()
  retention.start()
}

await main()
