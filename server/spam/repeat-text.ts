/**
 * The repeated-text signal: one text (a keyed fingerprint of its letters,
 * server/leads/submission-metadata.ts textFingerprint) sent this week from other addresses is a
 * campaign, spam on its own (spam-score.ts gives it its points). The insert itself counts those
 * addresses (migration 009's store_leads), so its reason is only known there and its sentence is
 * written here, with `{n}` for the insert to fill in.
 */

/** How far back the same text from other addresses counts as a campaign. */
export const repeatWindowMs = 7 * 86_400_000

/**
 * The count of other addresses stops here: the verdict needs only "one or more", the reason names
 * the number up to this cap, and the check's cost never grows with the size of a spam wave.
 */
export const repeatCountCap = 20

export const repeatReasonText = {
  one: 'The same text came from 1 other address this week',
  many: 'The same text came from {n} other addresses this week',
  capped: 'The same text came from {n} or more other addresses this week',
} as const
