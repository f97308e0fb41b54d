/**
 * The server's check of the proof of work a page sends (`X-Proof-Of-Work`). A solved challenge
 * counts once: a bot that solved one must not get a second "solved" by spelling the same proof
 * another way (uppercase hex, junk the decoders skip, other JSON spacing or key order).
 */
import { createChallenge, solveChallenge, verifySolution } from 'altcha-lib/v1'
import { describe, expect, it } from 'vitest'
import {
  canonicalPayload,
  createProofVerifier,
  issueChallenge,
  type ProofSettings,
  solutionHolds,
} from '../../server/spam/proof-of-work.ts'

const hmacKey = 'a test key for proof-of-work challenges'
const settings: ProofSettings = { hmacKey, maxNumber: 500, lifetimeMs: 3_600_000 }
const now = new Date('2026-11-25T15:00:00Z')

async function solvedFields(challenge: {
  algorithm: string
  challenge: string
  salt: string
  signature: string
}) {
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

const solved = async (key = hmacKey) =>
  solvedFields(await createChallenge({ hmacKey: key, maxNumber: 500, params: { issued: '1' } }))

const encoded = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64')

/** What a header is worth on its own: decoded in its one spelling, and solved. */
function holds(header: string): boolean {
  const payload = canonicalPayload(header)
  return payload !== null && solutionHolds(payload, hmacKey)
}

describe('the server’s check of a solved proof of work', () => {
  it('accepts what the browser solved, as altcha-lib does', async () => {
    const payload = await solved()
    expect(holds(encoded(payload))).toBe(true)
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
      'an extra key': { ...payload, note: 'x' },
    }
    for (const [name, forged] of Object.entries(cases)) {
      expect({ name, holds: holds(encoded(forged)) }).toEqual({ name, holds: false })
    }
    // The library agrees on the ones it can judge.
    expect(await verifySolution(encoded(cases['wrong number']), hmacKey, false)).toBe(false)
    expect(await verifySolution(encoded(cases['signature of another key']), hmacKey, false)).toBe(false)
  })
})

describe('a solved proof counts once, however it is spelled', () => {
  /** Other spellings of one solved proof, each of which the old check decoded to the same proof. */
  const respellings: Record<string, (payload: Record<string, unknown>, header: string) => string> = {
    'signature uppercased': (payload) =>
      encoded({ ...payload, signature: String(payload.signature).toUpperCase() }),
    'signature with junk appended': (payload) => encoded({ ...payload, signature: `${payload.signature}zz` }),
    'signature with one more hex digit': (payload) =>
      encoded({ ...payload, signature: `${payload.signature}0` }),
    'keys in another order': (payload) =>
      encoded({
        signature: payload.signature,
        salt: payload.salt,
        number: payload.number,
        challenge: payload.challenge,
        algorithm: payload.algorithm,
      }),
    'JSON re-spaced': (payload) => Buffer.from(JSON.stringify(payload, null, 1)).toString('base64'),
    'keys re-ordered and signature uppercased': (payload) =>
      encoded({
        signature: String(payload.signature).toUpperCase(),
        algorithm: payload.algorithm,
        challenge: payload.challenge,
        number: payload.number,
        salt: payload.salt,
      }),
    'base64 without its padding': (_payload, header) => header.replace(/=+$/, ''),
    'base64 with junk the decoder skips': (_payload, header) => `${header.slice(0, 8)}\n${header.slice(8)}`,
    'base64url alphabet': (_payload, header) => header.replaceAll('+', '-').replaceAll('/', '_'),
  }

  for (const [name, respell] of Object.entries(respellings)) {
    it(`a second use with the ${name} is refused, never solved`, async () => {
      const verifier = createProofVerifier(settings)
      const payload = await solvedFields(await issueChallenge(settings, now))
      const header = encoded(payload)
      expect(await verifier.check(header, now, 'first-submission')).toEqual({ kind: 'solved', issuedAt: now })
      const again = await verifier.check(respell(payload, header), now, 'second-submission')
      expect(['replayed', 'invalid']).toContain(again.kind)
    })
  }

  it('a re-spelled proof never counts as solved even on its first use', async () => {
    const verifier = createProofVerifier(settings)
    const payload = await solvedFields(await issueChallenge(settings, now))
    const upper = encoded({ ...payload, signature: payload.signature.toUpperCase() })
    expect(await verifier.check(upper, now, 'a')).toEqual({ kind: 'invalid' })
    // The page's own spelling still counts after that refused try.
    expect((await verifier.check(encoded(payload), now, 'b')).kind).toBe('solved')
  })

  it('the browser’s retry of one submission (same Idempotency-Key) still counts as solved', async () => {
    const verifier = createProofVerifier(settings)
    const header = encoded(await solvedFields(await issueChallenge(settings, now)))
    expect((await verifier.check(header, now, 'one-submission')).kind).toBe('solved')
    expect((await verifier.check(header, now, 'one-submission')).kind).toBe('solved')
    expect((await verifier.check(header, now, 'another-submission')).kind).toBe('replayed')
  })
})
