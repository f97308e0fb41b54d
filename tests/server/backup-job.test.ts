/**
 * The nightly backup (BACKUP_DIR, BACKUP_KEEP): a real snapshot of the embedded database, or a real
 * pg_dump of PostgreSQL, is taken when the newest backup is a day old, none when it is fresh, and
 * only the newest BACKUP_KEEP stay.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createBackupJob } from '#server/backup/backup-job.ts'
import { backupStatusReader } from '#server/backup/backup-status.ts'
import type { Database } from '#server/db/database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { storeLead } from '#tests/kit/leads.ts'
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts'

let test: TestDatabase
let dir: string
beforeAll(async () => {
  test = await openTestDatabase('pglite')
  dir = await mkdtemp(path.join(tmpdir(), 'agency-nightly-'))
})
afterAll(async () => {
  await test?.dispose()
  await rm(dir, { recursive: true, force: true })
})

it('takes a backup when the newest is a day old, keeps the newest BACKUP_KEEP', async () => {
  // Three older backups, and a file that is not one (never deleted by the retention count).
  for (const day of ['19', '20', '21'])
    await writeFile(path.join(dir, `agency-202611${day}-030000Z.pglite.tar.gz`), 'old')
  await writeFile(path.join(dir, 'notes.txt'), 'mine')
  let now = new Date('2026-11-22T03:30:00Z')
  const log = { info: () => {}, warn: () => {} }
  const job = createBackupJob({ db: test.db, dir, keep: 3, log, now: () => now })

  const taken = await job.runOnce()
  expect(taken).toBe(path.join(dir, 'agency-20261122-033000Z.pglite.tar.gz'))
  expect((await readdir(dir)).sort()).toEqual([
    'agency-20261120-030000Z.pglite.tar.gz',
    'agency-20261121-030000Z.pglite.tar.gz',
    'agency-20261122-033000Z.pglite.tar.gz',
    'notes.txt',
  ])

  now = new Date('2026-11-22T15:30:00Z')
  expect(await job.runOnce()).toBeUndefined()

  now = new Date('2026-11-23T03:30:00Z')
  expect(await job.runOnce()).toBe(path.join(dir, 'agency-20261123-033000Z.pglite.tar.gz'))
  expect(await readdir(dir)).not.toContain('agency-20261120-030000Z.pglite.tar.gz')
}, 60_000)

/**
 * PostgreSQL (DATABASE_URL): the job dumps with pg_dump into a file pg_restore reads, owner-only in
 * an owner-only folder, on the same schedule and count; of two server processes checking at the
 * same moment only one dumps; without pg_dump it warns once and reports itself failing (health
 * then says stale) instead of crashing.
 */
describe('on PostgreSQL', () => {
  let pg: TestDatabase
  let second: Database
  let pgDir: string
  const quiet = { info: () => {}, warn: () => {} }
  beforeAll(async () => {
    pg = await openTestDatabase('postgres')
    second = await openPostgresDatabase(pg.location)
    await storeLead(pg.db, { fields: { firstName: 'Ada' } })
  })
  afterAll(async () => {
    await second?.close()
    await pg?.dispose()
  })
  beforeEach(async () => {
    // The folder is made by the job: under the test runner's umask (022), not the server's.
    pgDir = path.join(await mkdtemp(path.join(tmpdir(), 'agency-pgdump-')), 'backups')
  })

  it('writes a pg_dump file, 0600 in a 0700 folder, that pg_restore reads; keeps BACKUP_KEEP', async () => {
    let now = new Date('2026-11-22T03:30:00Z')
    const job = createBackupJob({
      db: pg.db,
      dir: pgDir,
      keep: 2,
      log: quiet,
      databaseUrl: pg.location,
      now: () => now,
    })
    const taken = await job.runOnce()
    expect(taken).toBe(path.join(pgDir, 'agency-20261122-033000Z.pgdump'))
    expect((await stat(pgDir)).mode & 0o777).toBe(0o700)
    expect((await stat(taken as string)).mode & 0o777).toBe(0o600)
    const listing = execFileSync('pg_restore', ['--list', taken as string], { encoding: 'utf8' })
    expect(listing).toMatch(/TABLE DATA public leads/)

    now = new Date('2026-11-22T20:00:00Z')
    expect(await job.runOnce()).toBeUndefined()
    now = new Date('2026-11-23T03:30:00Z')
    expect(await job.runOnce()).toBeDefined()
    now = new Date('2026-11-24T03:30:00Z')
    expect(await job.runOnce()).toBeDefined()
    expect((await readdir(pgDir)).sort()).toEqual([
      'agency-20261123-033000Z.pgdump',
      'agency-20261124-033000Z.pgdump',
    ])
  }, 60_000)

  it('two server processes checking at once write one file', async () => {
    const now = () => new Date('2026-11-22T03:30:00Z')
    const jobs = [pg.db, second].map((db) =>
      createBackupJob({ db, dir: pgDir, keep: 14, log: quiet, databaseUrl: pg.location, now }),
    )
    const taken = await Promise.all(jobs.map((job) => job.runOnce()))
    expect(taken.filter(Boolean)).toHaveLength(1)
    expect(await readdir(pgDir)).toEqual(['agency-20261122-033000Z.pgdump'])
  }, 60_000)

  it('without pg_dump on the PATH: one warning, no crash, and health says stale', async () => {
    const warnings: string[] = []
    const log = { info: () => {}, warn: (_obj: object, msg: string) => warnings.push(msg) }
    const now = () => new Date('2026-11-22T03:30:00Z')
    const job = createBackupJob({
      db: pg.db,
      dir: pgDir,
      keep: 14,
      log,
      databaseUrl: pg.location,
      env: { ...process.env, PATH: '/nonexistent' },
      now,
    })
    expect(await job.runOnce()).toBeUndefined()
    expect(await job.runOnce()).toBeUndefined()
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toMatch(/pg_dump is not installed/)
    expect(await readdir(pgDir).catch(() => [])).toEqual([])
    // The server started a minute ago: stale because the job could not take its backup.
    const status = backupStatusReader({
      dir: pgDir,
      keep: 14,
      startedAt: new Date(now().getTime() - 60_000),
      job,
      now,
    })
    expect(await status()).toEqual({ newestAt: undefined, stale: true })
  }, 60_000)
})
