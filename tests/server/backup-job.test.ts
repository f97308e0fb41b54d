/**
 * The nightly backup of the embedded database (BACKUP_DIR, BACKUP_KEEP): a real snapshot is taken
 * when the newest backup is a day old, none when it is fresh, and only the newest BACKUP_KEEP stay.
 */
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { createBackupJob } from '../../server/backup/backup-job.ts'
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
