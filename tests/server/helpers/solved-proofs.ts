/**
 * Solved proofs of work as a browser sends them (`X-Proof-Of-Work`), for tests and benchmarks that
 * post to the API without a browser. Every copy outside the page spells the header through the
 * server's own `proofHeader`, so a test's proof is spelled exactly as the server accepts it.
 */
import { createChallenge, solveChallenge } from 'altcha-lib/v1'
import { type ProofFields, proofHeader, proofKeyFrom } from '#server/spam/proof-verifier.ts'

export { proofHeader }

/** A challenge as the server hands it out (`GET /api/challenge`). */
export interface IssuedChallenge {
  algorithm: string
  challenge: string
  maxnumber?: number
  salt: string
  signature: string
}

/** Solves a challenge for real, as the page's script does, and returns the fields it would send. */
export async function solve(
  challenge: IssuedChallenge,
  maxNumber = challenge.maxnumber,
): Promise<ProofFields> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, maxNumber)
    .promise
  if (!solution) throw new Error('the proof-of-work challenge had no solution')
  const { algorithm, salt, signature } = challenge
  return { algorithm, challenge: challenge.challenge, number: solution.number, salt, signature }
}

export interface ProofOptions {
  startedMsAgo?: number
  now?: Date
  /** Small: the work is real but quick. */
  maxNumber?: number
}

/**
 * A header for a challenge made with the server's own key (derived from IP_HASH_SALT, as the
 * server does); it says the visitor started filling the form `startedMsAgo` before now, as a
 * challenge fetched at the first touch of a form would.
 */
export async function solvedProof(
  ipHashSalt: string,
  { startedMsAgo = 60_000, now = new Date(), maxNumber = 200 }: ProofOptions = {},
): Promise<string> {
  const challenge = await createChallenge({
    hmacKey: proofKeyFrom(ipHashSalt),
    maxNumber,
    expires: new Date(now.getTime() + 3_600_000),
    params: { issued: String(now.getTime() - startedMsAgo) },
  })
  return proofHeader(await solve(challenge, maxNumber))
}
