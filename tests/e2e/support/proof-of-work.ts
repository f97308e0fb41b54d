import type { APIRequestContext } from '@playwright/test'
import { solveChallenge } from 'altcha-lib/v1'

/**
 * What the form's script sends as `X-Proof-Of-Work`, for tests that post to the API directly: a
 * challenge from the server, solved for real.
 */
export async function solvedProof(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/challenge')).json()) as {
    algorithm: string
    challenge: string
    maxnumber: number
    salt: string
    signature: string
  }
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise
  if (!solution) throw new Error('the challenge had no solution')
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
