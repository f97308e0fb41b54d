/**
 * The delivery worker's push lane (server/delivery/delivery-worker.ts, docs/decisions/038-web-push.md):
 * before each round of claims, the follow-ups that fell due become messages; each claimed message is
 * checked against its lead as it is now, held for the office's opening when its member keeps quiet
 * hours, then sent, and its outcome recorded with the outbox's backoff. A push service answering
 * 404 or 410 has forgotten the browser: so do we, with its messages.
 */
import { agencyWeek, type OfficeWeek } from '#config/agency-facts.ts'
import { addBusinessTime } from '#config/office-time.ts'
import type { Queryable } from '../db/database.ts'
import type { RetryPolicy } from '../jobs/outbox.ts'
import {
  type ClaimedPush,
  deferPush,
  deleteOldPushMessages,
  forgetSubscription,
  pushOutbox,
  queueDueFollowUps,
} from './push-jobs.ts'
import { type PushSendSettings, sendPush } from './push-sender.ts'
import { pushPayload } from './push-text.ts'

export interface PushSettings extends PushSendSettings {
  /** The office's week, for quiet hours (the agency's by default). */
  business?: OfficeWeek
  /** The clock quiet hours are read on (tests set it). */
  now?: () => Date
}

interface Log {
  info(obj: object, msg: string): void
  warn(obj: object, msg: string): void
}

/** Follow-ups are looked for this often at most: a follow-up is told within seconds of falling due. */
const followUpSweepMs = 5_000
/** Old messages are deleted this often. */
const cleanupMs = 3_600_000

/** What the lane runs before its claims: the due follow-ups, now and then the old messages' cleanup. */
export function pushSweeper(db: Queryable, log: Log): () => Promise<void> {
  let lastSweep = 0
  let lastCleanup = 0
  return async () => {
    const now = Date.now()
    if (now - lastSweep < followUpSweepMs) return
    lastSweep = now
    const queued = await queueDueFollowUps(db)
    if (queued > 0) log.info({ queued }, 'follow-ups due: phone notifications queued')
    if (now - lastCleanup >= cleanupMs) {
      lastCleanup = now
      await deleteOldPushMessages(db)
    }
  }
}

/** Why a message no longer holds when its turn comes, or undefined. */
function staleReason(message: ClaimedPush): string | undefined {
  const { lead } = message
  if (lead.isSpam) return 'the lead is spam'
  if (message.kind === 'new-lead' && lead.status !== 'new') return 'the lead is no longer new'
  if (message.kind !== 'new-lead' && lead.assignedTo !== message.staffUserId)
    return 'the lead is no longer assigned to them'
  if (
    message.kind === 'follow-up' &&
    (lead.followUpAt?.getTime() !== message.followUpAt?.getTime() ||
      !['new', 'contacted', 'quoted'].includes(lead.status))
  )
    return 'the follow-up was moved or ended'
  return undefined
}

/**
 * Sends one claimed message (or skips, defers or forgets it) and records the outcome; answers
 * whether it was sent. `released`: stop() handed it back meanwhile, so nothing is recorded.
 */
export async function deliverPush(
  db: Queryable,
  message: ClaimedPush,
  settings: PushSettings,
  policy: RetryPolicy,
  log: Log,
  released: (message: ClaimedPush) => boolean,
): Promise<boolean> {
  const entry = { messageId: message.messageId, leadId: message.lead.id, kind: message.kind }
  const stale = staleReason(message)
  if (stale) {
    await pushOutbox.settle(db, message, 'skipped', { error: stale })
    return false
  }
  if (message.quietHours) {
    const now = settings.now?.() ?? new Date()
    const opens = addBusinessTime(now, 0, settings.business ?? agencyWeek)
    if (opens && opens.getTime() > now.getTime()) {
      await deferPush(db, message, opens)
      log.info({ ...entry, until: opens.toISOString() }, 'phone notification waits for the office to open')
      return false
    }
  }
  const answer = await sendPush(
    message,
    {
      payload: JSON.stringify(pushPayload(message)),
      urgency: message.kind === 'new-lead' ? 'high' : 'normal',
      // A newer message about the same lead replaces one the push service still holds.
      topic: message.lead.id.replaceAll('-', ''),
    },
    settings,
  )
  if (released(message)) return false
  if (answer.outcome === 'sent') {
    await pushOutbox.settle(db, message, 'sent', { error: null })
    log.info({ ...entry, attempts: message.attempts }, 'phone notification sent')
    return true
  }
  if (answer.outcome === 'gone') {
    await forgetSubscription(db, message.subscriptionId)
    log.info({ ...entry, reason: answer.reason }, 'push subscription gone: forgotten')
    return false
  }
  const final = await pushOutbox.recordFailure(db, message, { error: answer.reason }, policy)
  log.warn(
    { ...entry, attempts: message.attempts, final, reason: answer.reason },
    final ? 'phone notification failed for good' : 'phone notification failed, will retry',
  )
  return false
}
