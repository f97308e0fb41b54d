/**
 * The nightly backup, inside the server: checked every hour, a backup is taken when the newest in
 * BACKUP_DIR is a day old, and only the newest BACKUP_KEEP are kept. The embedded database is
 * snapshotted by the server (the only process that may open it); PostgreSQL (DATABASE_URL) is
 * dumped with `pg_dump --format=custom`, by one server process at a time: the dump runs under a
 * PostgreSQL advisory lock, and a process that finds it taken, or finds a fresh backup once it holds
 * it, does nothing.
 */
import path from 'node:path'
import type { Database, Queryable } from '../db/database.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import {
  type BackupKind,
  backupFileName,
  newestBackupTime,
  pruneBackups,
  writeBackupFile,
  writeBackupWith,
} from './backup-files.ts'
import { PgDumpMissingError, pgDumpInto } from './pg-dump.ts'

const dayMs = 86_400_000
/** A little slack: a check an hour later than the last backup's minute still counts as a day. */
const backupAgeMs = dayMs - 5 * 60_000
/** Any constant shared by every process of this application; names the nightly dump's lock. */
const backupLockId = 7_365_202_611

export interface BackupJobOptions {
  db: Database
  dir: string
  keep: number
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  /** DATABASE_URL: the PostgreSQL server pg_dump backs up (unset: the embedded database's snapshot). */
  databaseUrl?: string
  /** The environment pg_dump runs in (its PATH finds it): the server's own by default. */
  env?: NodeJS.ProcessEnv
  now?: () => Date
  intervalMs?: number
  /** The first check waits this long, so a server started for a moment (tests, a restart loop) does no work. */
  firstCheckMs?: number
}

export interface BackupJob {
  /** Takes a backup if the newest one is a day old (or there is none); returns its path if it did. */
  runOnce(): Promise<string | undefined>
  /** The last check of this process failed to take a backup that was due (health, digest). */
  failing(): boolean
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

/** Whether the newest backup in `dir` is recent enough that none is due at `at`. */
async function isFresh(dir: string, at: Date): Promise<boolean> {
  const newest = await newestBackupTime(dir)
  return newest !== undefined && at.getTime() - newest.getTime() < backupAgeMs
}

export function createBackupJob({
  db,
  dir,
  keep,
  log,
  databaseUrl,
  env,
  now = () => new Date(),
  intervalMs = 3_600_000,
  firstCheckMs = 10 * 60_000,
}: BackupJobOptions): BackupJob {
  const kind: BackupKind = databaseUrl ? 'pgdump' : 'pglite'
  let failed = false
  let warnedMissing = false

  async function write(at: Date): Promise<string> {
    const file = path.join(dir, backupFileName(kind, at))
    const bytes = databaseUrl
      ? await writeBackupWith(file, (partial) => pgDumpInto(databaseUrl, partial, env))
      : await writeBackupFile(file, await (db.snapshot?.() ?? Promise.reject(new Error('no snapshot'))))
    const pruned = await pruneBackups(dir, keep)
    log.info({ file, bytes, pruned: pruned.length }, 'nightly backup written')
    return file
  }

  /** PostgreSQL: only the process holding the lock dumps, and only if no other did meanwhile. */
  async function underLock(at: Date): Promise<string | undefined> {
    return db.transaction(async (tx: Queryable) => {
      const [row] = await tx.query<{ locked: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS locked', [
        backupLockId,
      ])
      if (!row?.locked || (await isFresh(dir, at))) return undefined
      return write(at)
    })
  }

  async function runOnce(): Promise<string | undefined> {
    const at = now()
    if (await isFresh(dir, at)) return undefined
    try {
      const file = databaseUrl ? await underLock(at) : await write(at)
      failed = false
      return file
    } catch (error) {
      failed = true
      if (!(error instanceof PgDumpMissingError)) throw error
      // Once per process: the hourly check would otherwise repeat it all day; health says stale.
      if (!warnedMissing) {
        warnedMissing = true
        log.warn(
          { dir },
          "pg_dump is not installed: PostgreSQL is not backed up (install postgresql-client of the server's major version or later; README, Backups)",
        )
      }
      return undefined
    }
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
    failing: () => failed,
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
