/**
 * A solved proof of work as a browser would send it (`X-Proof-Of-Work`), for tests and benchmarks
 * that post to the API without a browser. The challenge is made with the server's own key (derived
 * from IP_HASH_SALT, as the server does) and solved for real; it says the visitor started filling
 * the form `startedMsAgo` before now, as a challenge fetched at the first touch of a form would.
 */
import { createChallenge, solveChallenge } from 'altcha-lib/v1'
import { proofKeyFrom } from '../../../server/spam/proof-of-work.ts'

export interface ProofOptions {
  startedMsAgo?: number
  now?: Date
  /** Small: the work is real but quick. */
  maxNumber?: number
}

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
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, maxNumber)
    .promise
  if (!solution) throw new Error('the proof-of-work challenge had no solution')
  return Buffer.from(
    JSON.stringify({
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution.number,
      salt: challenge.salt,
      signature: challenge.signature,
    }),
  ).toString('base64')
}
