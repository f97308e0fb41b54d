import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1'
import { describe, expect, it } from 'vitest'
import { solutionHolds } from '../../server/spam/proof-of-work.ts'

const hmacKey = 'a test key for proof-of-work challenges'

async function solved(key = hmacKey) {
  const challenge = await createChallenge({ hmacKey: key, maxNumber: 500, params: { issued: '1' } })
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, 500).promise
  if (!solution) throw new Error('no solution')
  return {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  }
}

const encoded = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64')

describe('the server’s check of a solved proof of work', () => {
  it('accepts what the browser solved, as altcha-lib does', async () => {
    const payload = await solved()
    expect(solutionHolds(payload, hmacKey)).toBe(true)
    expect(await verifySolution(encoded(payload), hmacKey, false)).toBe(true)
  })

  it('refuses a wrong number, another salt, another server’s signature and another algorithm', async () => {
    const payload = await solved()
    const cases = {
      'wrong number': { ...payload, number: payload.number + 1 },
      'number as text': { ...payload, number: String(payload.number) },
      'salt changed (a longer lifetime)': { ...payload, salt: payload.salt.replace('issued=1', 'issued=2') },
      'signature of another key': { ...payload, signature: (await solved('another key')).signature },
      'signature cut short': { ...payload, signature: payload.signature.slice(0, 10) },
      'algorithm not issued here': { ...payload, algorithm: 'SHA-1' },
    }
    for (const [name, forged] of Object.entries(cases)) {
      expect({ name, holds: solutionHolds(forged, hmacKey) }).toEqual({ name, holds: false })
    }
    // The library agrees on the ones it can judge.
    expect(await verifySolution(encoded(cases['wrong number']), hmacKey, false)).toBe(false)
    expect(await verifySolution(encoded(cases['signature of another key']), hmacKey, false)).toBe(false)
  })
})
