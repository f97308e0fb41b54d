/**
 * Backups that are restored, not just taken (docs/decisions/015-operations.md), on both databases:
 * `npm run backup` runs while the real server takes a stream of submissions, the backup is restored
 * into a fresh, empty database with `npm run restore`, and every lead acknowledged before the
 * backup began, the staff account, its sessions (the revoked one stays revoked) and the delivery
 * states are back. Restore refuses a database that holds data unless told, and a backup made under
 * another encryption key than the data folder's; the encryption key is never in the file.
 */
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { afterEach, describe, expect, inject, it } from 'vitest'
import type { Database, DriverName } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { addStaffUser } from '#server/staff/staff-accounts.ts'
import {
  createSession,
  defaultSessionSettings,
  hashSessionToken,
  revokeSession,
} from '#server/staff/staff-sessions.ts'
import { runScript, startLeadLoad } from './helpers/lead-load.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { startServerProcess } from './helpers/server-process.ts'
import { drivers } from './helpers/test-database.ts'

const ipHashSalt = 'backup-tests-salt-0123456789'
const encryptionKeyHex = randomBytes(32).toString('hex')
const staffEmail = 'desk@oakridge-insurance.example'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

interface Place {
  env: Record<string, string>
  open(): Promise<Database>
}

/**
 * A data folder (and for PostgreSQL a database) of its own. `migrated`: a copy of the run's migrated
 * template, as a server that has started once leaves it; otherwise nothing, as a restore's target.
 */
async function place(driver: DriverName, name: string, { migrated = false } = {}): Promise<Place> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `agency-backup-${name}-`))
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    IP_HASH_SALT: ipHashSalt,
    LEAD_ENCRYPTION_KEY: encryptionKeyHex,
  }
  if (driver === 'pglite') {
    const template = migrated ? inject('pgliteTemplate') : undefined
    return { env, open: () => openPgliteDatabase(path.join(dataDir, 'pglite'), { template }) }
  }
  const scratch = await createScratchDatabase({ template: migrated ? inject('postgresTemplate') : undefined })
  cleanups.push(() => scratch.drop())
  return { env: { ...env, DATABASE_URL: scratch.url }, open: () => openPostgresDatabase(scratch.url) }
}

/** What must come back, row for row, ordered so two databases compare equal. */
async function contents(db: Database) {
  return {
    leads: await db.query<Record<string, unknown>>(
      'SELECT id, reference, form_key, fields, is_spam, status, received_at FROM leads ORDER BY id',
    ),
    jobs: await db.query<{ lead_id: string; status: string }>(
      'SELECT lead_id, status, attempts FROM delivery_jobs ORDER BY lead_id',
    ),
    staff: await db.query('SELECT id, email, password_hash FROM staff_users ORDER BY id'),
    sessions: await db.query<{ token_hash: string }>(
      'SELECT token_hash, staff_user_id, expires_at FROM staff_sessions ORDER BY token_hash',
    ),
  }
}

describe.each(drivers)('backup and restore on %s', (driver) => {
  it('restores, into an empty database, what a backup taken under load held', async () => {
    const source = await place(driver, 'source', { migrated: true })
    // A staff account with two sessions, one of them revoked (signed out).
    const setup = await source.open()
    await runMigrations(setup)
    const staff = await addStaffUser(setup, staffEmail, 'a long staff password 42')
    const kept = await createSession(setup, staff.id, new Date(), defaultSessionSettings)
    const revoked = await createSession(setup, staff.id, new Date(), defaultSessionSettings)
    await revokeSession(setup, hashSessionToken(revoked.token))
    await setup.close()

    const server = await startServerProcess({
      env: { ...source.env, SUBMIT_RATE_LIMIT: '100000/1s', DELIVERY_POLL_MS: '50' },
      // A fresh embedded database runs initdb first: slow on a busy machine.
      timeoutMs: 90_000,
    })
    cleanups.push(() => server.kill())
    const load = startLeadLoad({ url: server.url, ipHashSalt, prefix: `backup-${driver}` })
    await load.untilAcknowledged(15)
    const backupStarted = Date.now()
    const backupFile = path.join(source.env.DATA_DIR as string, 'under-load.backup')
    const backup = await runScript('backup', [backupFile], source.env)
    expect(backup.output).toContain('Backup written')
    expect(backup.code).toBe(0)
    // Restoring over the live database is refused, and the server goes on answering.
    const overLive = await runScript('restore', [backupFile], source.env)
    expect(overLive.code).toBe(1)
    expect(overLive.output).toMatch(driver === 'pglite' ? /Stop the server first/ : /not empty/)
    const countAtBackupEnd = load.acknowledged().length
    await load.untilAcknowledged(countAtBackupEnd + 5)
    await load.stop()
    await server.stop()
    expect(server.process.exitCode).toBe(0)

    const target = await place(driver, 'target')
    const restore = await runScript('restore', [backupFile], target.env)
    expect(restore.output).toContain('Restored')
    expect(restore.code).toBe(0)

    const [original, restored] = await Promise.all([source.open(), target.open()])
    try {
      const before = await contents(original)
      const after = await contents(restored)
      const restoredReferences = new Set(after.leads.map((lead) => lead.reference))
      const acknowledgedBefore = load.acknowledged().filter((answer) => answer.at <= backupStarted)
      expect(acknowledgedBefore.length).toBeGreaterThanOrEqual(15)
      for (const answer of acknowledgedBefore) expect(restoredReferences).toContain(answer.reference)
      // A snapshot: every restored lead is the original's, unchanged, and later ones are not in it.
      const originalById = new Map(before.leads.map((lead) => [lead.id, lead]))
      for (const lead of after.leads) expect(lead).toEqual(originalById.get(lead.id))
      expect(after.leads.length).toBeLessThan(before.leads.length)
      // Every restored lead has its job: sent stays sent, and what was not sent yet is held for an
      // owner's decision (the agency most likely got it before the restore).
      expect(after.jobs).toHaveLength(after.leads.length)
      const statusNow = new Map(before.jobs.map((job) => [job.lead_id, job.status]))
      for (const job of after.jobs) {
        expect(['held', 'sent']).toContain(job.status)
        if (job.status === 'sent') expect(statusNow.get(job.lead_id)).toBe('sent')
      }
      expect(after.staff).toEqual(before.staff)
      expect(after.sessions).toEqual(before.sessions)
      expect(after.sessions.map((session) => session.token_hash)).toEqual([hashSessionToken(kept.token)])
    } finally {
      await Promise.all([original.close(), restored.close()])
    }

    // The key that decrypts SSN and EIN is not in the file.
    const bytes = await readFile(backupFile)
    const plain = driver === 'pglite' ? gunzipSync(bytes) : bytes
    expect(plain.includes(Buffer.from(encryptionKeyHex))).toBe(false)
    expect(plain.length).toBeGreaterThan(10_000)

    // Restoring again over the restored data: refused, nothing touched; --force replaces it.
    const refused = await runScript('restore', [backupFile], target.env)
    expect(refused.code).toBe(1)
    expect(refused.output).toMatch(/not empty/)
    const forced = await runScript('restore', [backupFile, '--force'], target.env)
    expect(forced.code).toBe(0)
    if (driver === 'pglite') {
      const kept = (await readdir(target.env.DATA_DIR as string)).filter((name) =>
        name.startsWith('pglite.before-restore-'),
      )
      expect(kept).toHaveLength(1)
    }
  }, 240_000)

  it('restores every delivery state exactly from a backup taken with the server stopped', async () => {
    const source = await place(driver, 'stopped', { migrated: true })
    const server = await startServerProcess({
      env: { ...source.env, DELIVERY_POLL_MS: '50' },
      timeoutMs: 90_000,
    })
    cleanups.push(() => server.kill())
    const load = startLeadLoad({ url: server.url, ipHashSalt, prefix: `stopped-${driver}`, concurrency: 2 })
    await load.untilAcknowledged(6)
    await load.stop()
    await server.stop()

    // Into BACKUP_DIR under a dated name when no file is given.
    const backup = await runScript('backup', [], source.env)
    expect(backup.code).toBe(0)
    const backupDir = path.join(source.env.DATA_DIR as string, 'backups')
    const [name] = await readdir(backupDir)
    expect(name).toMatch(driver === 'pglite' ? /^agency-\d{8}-\d{6}Z\.pglite\.tar\.gz$/ : /\.pgdump$/)

    const target = await place(driver, 'stopped-target')
    const restore = await runScript('restore', [path.join(backupDir, name as string)], target.env)
    expect(restore.code).toBe(0)
    const [original, restored] = await Promise.all([source.open(), target.open()])
    try {
      const before = await contents(original)
      expect(before.leads.length).toBeGreaterThanOrEqual(6)
      // Exactly as it was, but for what had not been sent: held until an owner decides.
      const jobs = before.jobs.map((job) =>
        job.status === 'pending' || job.status === 'sending' ? { ...job, status: 'held' } : job,
      )
      expect(await contents(restored)).toEqual({ ...before, jobs })
    } finally {
      await Promise.all([original.close(), restored.close()])
    }
    if (driver === 'pglite')
      expect(existsSync(path.join(source.env.DATA_DIR as string, 'server-control.json'))).toBe(false)

    // Into a data folder under another key (here a new DATA_DIR with no LEAD_ENCRYPTION_KEY, which
    // makes its own development key without a word): refused with the reason, nothing restored.
    const otherKey = await place(driver, 'other-key')
    const { LEAD_ENCRYPTION_KEY: _key, ...withItsOwnKey } = otherKey.env
    const refused = await runScript('restore', [path.join(backupDir, name as string)], withItsOwnKey)
    expect(refused.code).toBe(1)
    expect(refused.output.trim().split('\n')).toHaveLength(1)
    expect(refused.output).toMatch(
      /another key .*SSN and EIN would be unreadable.*LEAD_ENCRYPTION_KEY.*nothing was changed/,
    )
    const untouched = await otherKey.open()
    try {
      const [tables] = await untouched.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`,
      )
      expect(tables?.n).toBe(0)
    } finally {
      await untouched.close()
    }
    // The server does not start under another key than its data's either.
    const otherStart = await runScript('../server/main', [], {
      ...source.env,
      LEAD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PORT: '0',
    })
    expect(otherStart.code).toBe(1)
    expect(otherStart.output).toMatch(/another key .*SSN and EIN would be unreadable/)
  }, 180_000)
})
