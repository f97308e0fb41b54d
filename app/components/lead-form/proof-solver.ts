/**
 * The proof of work the server asks of browsers (server/spam/proof-verifier.ts): fetched from this
 * site when the visitor first touches the form, solved in the background while they type (each
 * hash is awaited, so the page stays responsive), sent with the submission. The solver is loaded
 * only then, so it costs nothing before the first touch. No third party is involved; if anything
 * fails, the form is sent without it and the server weighs other signals.
 *
 * The challenge is kept with the draft in this tab's sessionStorage (./form-draft.ts) and used
 * again after a reload while it is still valid: the server measures the time to fill the form from
 * the moment it signed into the challenge, so a restored draft sent at once still counts the
 * visitor's own time since their first touch, not the fraction of a second since the reload.
 */
import { keepChallenge, readKeptChallenge } from './form-draft.ts'

interface ChallengeJson {
  algorithm: string
  challenge: string
  maxnumber?: number
  salt: string
  signature: string
}

/** A challenge kept in the tab: when this page received it (the visitor's clock) and, once found, its number. */
interface KeptChallenge extends ChallengeJson {
  receivedAt: number
  number?: number
}

/**
 * How long a kept challenge is used again, on the visitor's own clock since it arrived (the server
 * signs its issue and expiry times into the salt): its lifetime less an hour, so a visitor still
 * has time to finish before the server would call it expired, whatever their clock says.
 */
function stillUsable(kept: KeptChallenge, now: number): boolean {
  const params = new URLSearchParams(kept.salt.split('?')[1] ?? '')
  const lifetimeMs = Number(params.get('expires')) * 1000 - Number(params.get('issued'))
  if (!Number.isFinite(lifetimeMs)) return false
  const elapsed = now - kept.receivedAt
  return elapsed >= 0 && elapsed < lifetimeMs - Math.min(lifetimeMs / 2, 3_600_000)
}

function isKeptChallenge(value: unknown): value is KeptChallenge {
  if (!value || typeof value !== 'object') return false
  const kept = value as Record<string, unknown>
  return (
    ['algorithm', 'challenge', 'salt', 'signature'].every((name) => typeof kept[name] === 'string') &&
    typeof kept.receivedAt === 'number' &&
    (kept.number === undefined || typeof kept.number === 'number')
  )
}

async function challengeFor(formKey: string): Promise<KeptChallenge | null> {
  const kept = readKeptChallenge(formKey)
  if (isKeptChallenge(kept) && stillUsable(kept, Date.now())) return kept
  const response = await fetch('/api/challenge', { cache: 'no-store' })
  if (!response.ok) return null
  const fresh: KeptChallenge = { ...((await response.json()) as ChallengeJson), receivedAt: Date.now() }
  keepChallenge(formKey, fresh)
  return fresh
}

/** The header's value, exactly as the server expects it spelled (keys in this order). */
function encoded(challenge: ChallengeJson, number: number): string {
  return btoa(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  )
}

async function solve(formKey: string): Promise<string | null> {
  try {
    const challenge = await challengeFor(formKey)
    if (!challenge) return null
    if (challenge.number !== undefined) return encoded(challenge, challenge.number)
    const { solveChallenge } = await import('altcha-lib/v1')
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise
    if (!solution) return null
    keepChallenge(formKey, { ...challenge, number: solution.number })
    return encoded(challenge, solution.number)
  } catch {
    return null
  }
}

export interface ProofOfWork {
  /** Starts fetching and solving (once per filling of the form). */
  start(): void
  /** The solved proof, waiting at most `timeoutMs` for it; null without one. */
  take(timeoutMs?: number): Promise<string | null>
  /** After a successful submission: the next one needs a new proof. */
  reset(): void
}

export function createProofOfWork(formKey: string): ProofOfWork {
  let pending: Promise<string | null> | null = null
  return {
    start() {
      pending ??= solve(formKey)
    },
    async take(timeoutMs = 10_000) {
      pending ??= solve(formKey)
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs)
      })
      const proof = await Promise.race([pending, timeout])
      clearTimeout(timer)
      return proof
    },
    reset() {
      pending = null
    },
  }
}
