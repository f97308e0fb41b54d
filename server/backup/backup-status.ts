/**
 * Whether the backups are keeping up, for /api/admin/health and the morning digest: stale when the
 * newest backup is more than two days old (one nightly backup missed, and the next one too), or,
 * with none at all while backups are on, once the job failed to take one or the server has run a
 * day without one. BACKUP_KEEP=0 turns backups off: never stale.
 */

import { newestBackupTime } from './backup-files.ts'
import type { BackupJob } from './backup-job.ts'

const dayMs = 86_400_000
/** Older than this, the newest backup is reported stale. */
const staleAfterMs = 2 * dayMs

export interface BackupStatus {
  /** When the newest backup in BACKUP_DIR was taken, or undefined when there is none. */
  newestAt: Date | undefined
  stale: boolean
}

/** The `backup` field of /api/admin/health: `{"newestAt": ISO or null, "stale": boolean}`. */
export function backupHealth({ newestAt, stale }: BackupStatus): { newestAt: string | null; stale: boolean } {
  return { newestAt: newestAt?.toISOString() ?? null, stale }
}

export interface BackupStatusOptions {
  dir: string
  keep: number
  /** When this server process started. */
  startedAt: Date
  /** The nightly job of this process, when it runs one: a failed check marks a missing backup stale at once. */
  job?: Pick<BackupJob, 'failing'>
  now?: () => Date
}

/** Reads BACKUP_DIR each time it is called (a directory listing: cheap, and right after a restore). */
export function backupStatusReader({
  dir,
  keep,
  startedAt,
  job,
  now = () => new Date(),
}: BackupStatusOptions): () => Promise<BackupStatus> {
  return async () => {
    const newestAt = await newestBackupTime(dir)
    if (keep <= 0) return { newestAt, stale: false }
    const at = now().getTime()
    if (newestAt) return { newestAt, stale: at - newestAt.getTime() > staleAfterMs }
    return { newestAt, stale: (job?.failing() ?? false) || at - startedAt.getTime() >= dayMs }
  }
}
