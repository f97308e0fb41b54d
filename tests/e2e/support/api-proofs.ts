import type { APIRequestContext } from '@playwright/test'
import { type IssuedChallenge, proofHeader, solve } from '#tests/server/helpers/solved-proofs.ts'

/**
 * What the form's script sends as `X-Proof-Of-Work`, for tests that post to the API directly: a
 * challenge from the server, solved for real.
 */
export async function solvedProof(request: APIRequestContext): Promise<string> {
  const challenge = (await (await request.get('/api/challenge')).json()) as IssuedChallenge
  return proofHeader(await solve(challenge))
}
