/**
 * The nightly backup of the embedded database, inside the server (the only process that may open
 * it): checked every hour, a snapshot is taken when the newest in BACKUP_DIR is a day old, and
 * only the newest BACKUP_KEEP are kept. PostgreSQL servers are backed up with pg_dump from cron or
 * a systemd timer (README, deploy/), not by the application.
 */
import path from 'node:path'
import type { Database } from '../db/database.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import { backupFileName, newestBackupTime, pruneBackups, writeBackupFile } from './backup-files.ts'

const dayMs = 86_400_000

export interface BackupJobOptions {
  db: Database
  dir: string
  keep: number
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  now?: () => Date
  intervalMs?: number
  /** The first check waits this long, so a server started for a moment (tests, a restart loop) does no work. */
  firstCheckMs?: number
}

export interface BackupJob {
  /** Takes a backup if the newest one is a day old (or there is none); returns its path if it did. */
  runOnce(): Promise<string | undefined>
  start(): void
  stop(): Promise<void>
}

/** Takes one snapshot of the embedded database into `dir` and applies the retention count. */
export async function takeEmbeddedBackup(
  db: Database,
  dir: string,
  keep: number,
  at: Date,
): Promise<{ file: string; bytes: number; pruned: string[] }> {
  if (!db.snapshot) throw new Error('only the embedded database is backed up by the server')
  const file = path.join(dir, backupFileName('pglite', at))
  const bytes = await writeBackupFile(file, await db.snapshot())
  return { file, bytes, pruned: await pruneBackups(dir, keep) }
}

export function createBackupJob({
  db,
  dir,
  keep,
  log,
  now = () => new Date(),
  intervalMs = 3_600_000,
  firstCheckMs = 10 * 60_000,
}: BackupJobOptions): BackupJob {
  async function runOnce(): Promise<string | undefined> {
    const at = now()
    const newest = await newestBackupTime(dir)
    // A little slack: a check an hour later than the last backup's minute still counts as a day.
    if (newest && at.getTime() - newest.getTime() < dayMs - 5 * 60_000) return undefined
    const { file, bytes, pruned } = await takeEmbeddedBackup(db, dir, keep, at)
    log.info({ file, bytes, pruned: pruned.length }, 'nightly backup written')
    return file
  }
  const task = createPeriodicTask({
    pass: runOnce,
    intervalMs,
    keepAlive: false,
    onError: (error) => log.warn({ reason: errorReason(error) }, 'nightly backup failed'),
  })
  let first: NodeJS.Timeout | undefined
  return {
    runOnce,
    start() {
      first = setTimeout(() => task.start(), firstCheckMs)
      first.unref()
    },
    async stop() {
      clearTimeout(first)
      await task.stop()
    },
  }
}
