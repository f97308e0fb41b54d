/**
 * The proof of work a browser solves before it sends a form (ALTCHA, self-hosted: the challenge
 * comes from this server, no third party, no cookie). The challenge carries the time it was issued
 * inside its signed salt, so the server itself measures how long the visitor took from the first
 * touch of the form (when the page asks for a challenge) to the submission: a bot cannot fake it.
 */
import { createHmac, hash, timingSafeEqual } from 'node:crypto'
import { createChallenge, extractParams } from 'altcha-lib/v1'
import type { Challenge } from 'altcha-lib/v1/types'

export interface ProofSettings {
  /** HMAC key of the challenges; derived from a server secret (proofKeyFrom). */
  hmacKey: string
  /** Upper bound of the secret number: the mean work is half of it (about 0.3 s on a phone at 50,000). */
  maxNumber: number
  /** How long a challenge stays valid: a visitor may take a long time over a long form. */
  lifetimeMs: number
}

export const defaultProofMaxNumber = 50_000
export const defaultProofLifetimeMs = 24 * 3_600_000

/** A key of its own for the challenges, derived from the server's stored secret (IP_HASH_SALT). */
export function proofKeyFrom(secret: string): string {
  return createHmac('sha256', secret).update('proof-of-work challenges').digest('hex')
}

export async function issueChallenge(settings: ProofSettings, now: Date): Promise<Challenge> {
  return createChallenge({
    hmacKey: settings.hmacKey,
    maxNumber: settings.maxNumber,
    expires: new Date(now.getTime() + settings.lifetimeMs),
    params: { issued: String(now.getTime()) },
  })
}

/**
 * ALTCHA's check of a solved challenge (what altcha-lib's `verifySolution` computes): the challenge
 * is SHA-256 of the salt and the number found, and the signature is this server's HMAC of the
 * challenge. Done here with node:crypto, synchronously: the library computes the same through
 * WebCrypto, whose three promise round trips through the thread pool cost about a tenth of the
 * server's CPU per lead under load (docs/decisions/016-group-commit.md, "Per-request work"). Only
 * the algorithm this server issues is accepted, and the signature is compared in constant time.
 */
export function solutionHolds(
  payload: {
    algorithm?: unknown
    challenge?: unknown
    number?: unknown
    salt?: unknown
    signature?: unknown
  },
  hmacKey: string,
): boolean {
  const { algorithm, challenge, number, salt, signature } = payload
  if (algorithm !== 'SHA-256' || typeof challenge !== 'string' || typeof salt !== 'string') return false
  if (
    typeof signature !== 'string' ||
    typeof number !== 'number' ||
    !Number.isSafeInteger(number) ||
    number < 0
  )
    return false
  if (hash('sha256', `${salt}${number}`) !== challenge) return false
  const expected = createHmac('sha256', hmacKey).update(challenge).digest()
  const given = Buffer.from(signature, 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

export type ProofCheck =
  | { kind: 'solved'; issuedAt: Date }
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'replayed' }

/** Signatures of proofs already used, until their challenge expires (bounded memory). */
const replayMemoryLimit = 200_000

/**
 * Checks the `X-Proof-Of-Work` header (ALTCHA's base64 JSON payload). Each solved challenge counts
 * for one submission per process: a bot cannot solve one and replay it, while the browser's retry
 * of the same submission (same Idempotency-Key) still counts as solved. Several processes each
 * remember their own (a replay across N processes works at most N times); the other signals apply.
 */
export function createProofVerifier(settings: ProofSettings) {
  const used = new Map<string, { expiresMs: number; submission: string | null }>()

  function forgetExpired(nowMs: number): void {
    for (const [signature, { expiresMs }] of used) {
      if (expiresMs > nowMs && used.size < replayMemoryLimit) break
      used.delete(signature)
    }
  }

  return {
    /** `submission`: the request's Idempotency-Key (null when it has none). */
    async check(
      header: string | string[] | undefined,
      now: Date,
      submission: string | null,
    ): Promise<ProofCheck> {
      if (header === undefined || header === '') return { kind: 'missing' }
      if (typeof header !== 'string' || header.length > 2000) return { kind: 'invalid' }
      let payload: { challenge?: unknown; signature?: unknown; salt?: unknown }
      try {
        payload = JSON.parse(Buffer.from(header, 'base64').toString('utf8'))
      } catch {
        return { kind: 'invalid' }
      }
      if (typeof payload !== 'object' || payload === null || typeof payload.signature !== 'string') {
        return { kind: 'invalid' }
      }
      // The expiry is checked below against the server's clock (tests pin it).
      if (!solutionHolds(payload, settings.hmacKey)) return { kind: 'invalid' }
      // From the payload already decoded above (the header string would be decoded again).
      const params = extractParams(payload as Parameters<typeof extractParams>[0])
      const issuedMs = Number(params.issued)
      const expiresMs = Number(params.expires) * 1000
      if (!Number.isFinite(issuedMs) || !Number.isFinite(expiresMs)) return { kind: 'invalid' }
      if (expiresMs <= now.getTime()) return { kind: 'expired' }
      forgetExpired(now.getTime())
      const earlier = used.get(payload.signature)
      if (earlier && (submission === null || earlier.submission !== submission)) return { kind: 'replayed' }
      used.set(payload.signature, { expiresMs, submission })
      return { kind: 'solved', issuedAt: new Date(issuedMs) }
    },
  }
}

export type ProofVerifier = ReturnType<typeof createProofVerifier>
