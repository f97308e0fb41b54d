/**
 * Retention: lost, closed and spam leads older than RETENTION_DAYS (by when they were received) are
 * deleted, with their delivery jobs (ON DELETE CASCADE). Won leads are the agency's customers: kept,
 * unless RETENTION_WON is `purge`. New, contacted and quoted leads are never purged: staff have not
 * finished with them. The same pass deletes expired staff sessions and stale
 * sign-in counters, and forgets the senders of texts not seen within the repeat check's window. Like the delivery worker it is a timer in the server process; each pass is
 * single DELETE statements, so several processes running it at once only share the work.
 */
import type { Queryable } from '../db/database.ts'
import { createPeriodicTask, errorReason } from '../jobs/periodic-task.ts'
import { repeatWindowMs } from '../spam/repeat-text.ts'
import { defaultThrottleSettings, deleteStaleThrottles } from '../staff/sign-in-throttle.ts'
import { deleteExpiredSessions } from '../staff/staff-sessions.ts'
import { forgetOldTextSenders, purgeFinishedLeads } from './lead-repository.ts'

const dayMs = 86_400_000

export interface RetentionResult {
  leadsPurged: number
  sessionsDeleted: number
  throttlesDeleted: number
  textSendersForgotten: number
}

/** One pass. retentionDays 0 keeps every lead (the housekeeping of staff tables still runs). */
export async function runRetention(
  db: Queryable,
  retentionDays: number,
  now: Date,
  { purgeWon = false }: { purgeWon?: boolean } = {},
): Promise<RetentionResult> {
  return {
    leadsPurged:
      retentionDays > 0
        ? await purgeFinishedLeads(db, new Date(now.getTime() - retentionDays * dayMs), { purgeWon })
        : 0,
    sessionsDeleted: await deleteExpiredSessions(db, now),
    throttlesDeleted: await deleteStaleThrottles(db, now, defaultThrottleSettings),
    textSendersForgotten: await forgetOldTextSenders(db, new Date(now.getTime() - repeatWindowMs)),
  }
}

export interface RetentionJob {
  start(): void
  runOnce(): Promise<RetentionResult>
  stop(): Promise<void>
}

export function createRetentionJob({
  db,
  retentionDays,
  purgeWon = false,
  log,
  intervalMs = 3_600_000,
  now = () => new Date(),
}: {
  db: Queryable
  retentionDays: number
  /** Won leads too (RETENTION_WON=purge); by default they are kept. */
  purgeWon?: boolean
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }
  intervalMs?: number
  now?: () => Date
}): RetentionJob {
  const runOnce = () => runRetention(db, retentionDays, now(), { purgeWon })
  const task = createPeriodicTask({
    pass: async () => {
      const result = await runOnce()
      if (result.leadsPurged > 0)
        log.info({ ...result, retentionDays }, 'retention: old lost, closed and spam leads purged')
    },
    intervalMs,
    onError: (error) => log.warn({ reason: errorReason(error) }, 'retention pass failed'),
    // An hourly sweep must not keep a process alive that is otherwise done.
    keepAlive: false,
  })
  return { start: task.start, runOnce, stop: task.stop }
}
