/**
 * The proof of work a browser solves before it sends a form (ALTCHA, self-hosted: the challenge
 * comes from this server, no third party, no cookie). The challenge carries the time it was issued
 * inside its signed salt, so the server itself measures how long the visitor took from the first
 * touch of the form (when the page asks for a challenge) to the submission: a bot cannot fake it.
 */
import { createHmac, createSecretKey, hash, timingSafeEqual } from 'node:crypto'
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

/** The five fields of a solved proof, as the page's script sends them (app/components/lead-form/proof-solver.ts). */
export interface ProofFields {
  algorithm: string
  challenge: string
  number: number
  salt: string
  signature: string
}

/** A solved proof of the one algorithm this server issues. */
export interface ProofPayload extends ProofFields {
  algorithm: 'SHA-256'
}

/**
 * The one spelling of a proof, the page's: base64 (with its padding) of the JSON of the five keys
 * in this order. Tests and benchmarks build their headers with it, so they spell proofs as the
 * page does and as `canonicalPayload` accepts.
 */
export function proofHeader({ algorithm, challenge, number, salt, signature }: ProofFields): string {
  return Buffer.from(JSON.stringify({ algorithm, challenge, number, salt, signature })).toString('base64')
}

/** SHA-256 digests and HMACs in lowercase hex, as altcha-lib writes them. */
const sha256Hex = /^[0-9a-f]{64}$/

/**
 * The header's payload, only when it is written exactly as the page writes it: base64 (with its
 * padding) of the JSON of these five keys in this order, the challenge and signature in lowercase
 * hex of the right length, the number a safe non-negative integer, the salt ending in altcha-lib's
 * `&` (so no digit can move between salt and number). Anything else is a re-spelling of some proof
 * (an uppercased signature, junk after it that Buffer's decoder skips, other spacing or order) and
 * is refused, so one solution has exactly one spelling.
 */
export function canonicalPayload(header: string): ProofPayload | null {
  let decoded: unknown
  try {
    decoded = JSON.parse(Buffer.from(header, 'base64').toString('utf8'))
  } catch {
    return null
  }
  if (typeof decoded !== 'object' || decoded === null) return null
  const { algorithm, challenge, number, salt, signature } = decoded as Record<string, unknown>
  if (algorithm !== 'SHA-256' || typeof salt !== 'string' || !salt.endsWith('&')) return null
  if (typeof challenge !== 'string' || !sha256Hex.test(challenge)) return null
  if (typeof signature !== 'string' || !sha256Hex.test(signature)) return null
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return null
  const payload: ProofPayload = { algorithm: 'SHA-256', challenge, number, salt, signature }
  return proofHeader(payload) === header ? payload : null
}

/**
 * ALTCHA's check of a solved challenge (what altcha-lib's `verifySolution` computes): the challenge
 * is SHA-256 of the salt and the number found, and the signature is this server's HMAC of the
 * challenge. Done here with node:crypto, synchronously, rather than by calling `verifySolution`: the
 * library computes the same through WebCrypto, three promise round trips through the thread pool,
 * measured at about 10x our CPU per check (docs/decisions/027-proof-of-work-check.md;
 * tests/server/proof-check.test.ts holds the two to the same verdicts). Only the algorithm this server issues is accepted, the payload must be in its
 * canonical spelling (`canonicalPayload`), and the signature is compared in constant time.
 */
export function solutionHolds(payload: ProofPayload, hmacKey: string): boolean {
  const { algorithm, challenge, number, salt, signature } = payload
  if (algorithm !== 'SHA-256' || !sha256Hex.test(signature) || !Number.isSafeInteger(number) || number < 0)
    return false
  if (hash('sha256', `${salt}${number}`) !== challenge) return false
  const expected = createHmac('sha256', hmacKey).update(challenge).digest()
  return timingSafeEqual(Buffer.from(signature, 'hex'), expected)
}

export type ProofCheck =
  /** `used`: what the lead's insert records (server/leads/lead-repository.ts), so a restart forgets nothing. */
  | { kind: 'solved'; issuedAt: Date; used: UsedProof }
  | { kind: 'missing' }
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'replayed' }

/** Challenges already used, until they expire (bounded memory). */
const replayMemoryLimit = 200_000

/** A used challenge as it is remembered: a keyed digest, never the challenge itself. */
export interface UsedProof {
  digest: string
  expiresMs: number
  submission: string | null
}

/**
 * Where used proofs outlive the process (server/spam/used-proofs.ts: the database), so a restart
 * does not make them new again: read once, at the first check. They are written by the insert of
 * the lead that used them (the `used` of a solved check), before its submission is answered.
 */
export interface UsedProofStore {
  /** The unexpired ones, soonest expiring first, at most `limit`. */
  load(now: Date, limit: number): Promise<UsedProof[]>
}

/**
 * Checks the `X-Proof-Of-Work` header (ALTCHA's base64 JSON payload). Each solved challenge counts
 * for one submission: a bot cannot solve one and replay it, while the browser's retry of the same
 * submission (same Idempotency-Key) still counts as solved. The memory is keyed on the challenge,
 * the value the server signed, never on how the header spells it, and kept in the database too
 * (read from `store`, written with the lead), so a restart forgets nothing. Several processes each read the store when they start and then
 * remember their own (a replay across N running processes works at most N times); the other
 * signals apply.
 */
export function createProofVerifier(settings: ProofSettings, store?: UsedProofStore) {
  const used = new Map<string, { expiresMs: number; submission: string | null }>()
  // A KeyObject: Node's HMAC takes one far faster than a Buffer (submission-metadata.ts fingerprintKeyFrom).
  const digestKey = createSecretKey(
    createHmac('sha256', settings.hmacKey).update('used proof-of-work challenges').digest(),
  )
  let loaded: Promise<void> | undefined

  function forgetExpired(nowMs: number): void {
    for (const [challenge, { expiresMs }] of used) {
      if (expiresMs > nowMs && used.size < replayMemoryLimit) break
      used.delete(challenge)
    }
  }

  function load(now: Date): Promise<void> {
    loaded ??= (async () => {
      for (const { digest, expiresMs, submission } of (await store?.load(now, replayMemoryLimit)) ?? [])
        used.set(digest, { expiresMs, submission })
    })()
    return loaded
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
      const payload = canonicalPayload(header)
      // The expiry is checked below against the server's clock (tests pin it).
      if (!payload || !solutionHolds(payload, settings.hmacKey)) return { kind: 'invalid' }
      // From the payload already decoded above (the header string would be decoded again).
      const params = extractParams(payload)
      const issuedMs = Number(params.issued)
      const expiresMs = Number(params.expires) * 1000
      if (!Number.isFinite(issuedMs) || !Number.isFinite(expiresMs)) return { kind: 'invalid' }
      if (expiresMs <= now.getTime()) return { kind: 'expired' }
      await load(now)
      forgetExpired(now.getTime())
      const digest = createHmac('sha256', digestKey).update(payload.challenge).digest('hex')
      const earlier = used.get(digest)
      if (earlier && (submission === null || earlier.submission !== submission)) return { kind: 'replayed' }
      if (!earlier) used.set(digest, { expiresMs, submission })
      // Recorded again by a retry of the same submission: its first insert may have failed.
      return { kind: 'solved', issuedAt: new Date(issuedMs), used: { digest, expiresMs, submission } }
    },
  }
}

export type ProofVerifier = ReturnType<typeof createProofVerifier>
