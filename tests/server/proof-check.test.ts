/**
 * The server's check of the proof of work a page sends (`X-Proof-Of-Work`). A solved challenge
 * counts once: a bot that solved one must not get a second "solved" by spelling the same proof
 * another way (uppercase hex, junk the decoders skip, other JSON spacing or key order).
 */
import { createChallenge, verifySolution } from 'altcha-lib/v1'
import { describe, expect, it } from 'vitest'
import {
  canonicalPayload,
  createProofVerifier,
  issueChallenge,
  type ProofFields,
  type ProofSettings,
  solutionHolds,
} from '#server/spam/proof-verifier.ts'
import { proofHeader, solve } from './helpers/solved-proofs.ts'

const hmacKey = 'a test key for proof-of-work challenges'
const settings: ProofSettings = { hmacKey, maxNumber: 500, lifetimeMs: 3_600_000 }
const now = new Date('2026-11-25T15:00:00Z')

const solvedFields = (challenge: Parameters<typeof solve>[0]) => solve(challenge, 500)

const solved = async (key = hmacKey) =>
  solvedFields(await createChallenge({ hmacKey: key, maxNumber: 500, params: { issued: '1' } }))

/** Any object as JSON in base64: how a client could spell a proof, canonical or not. */
const encoded = (payload: object) => Buffer.from(JSON.stringify(payload)).toString('base64')

/** What a header is worth on its own: decoded in its one spelling, and solved. */
function holds(header: string): boolean {
  const payload = canonicalPayload(header)
  return payload !== null && solutionHolds(payload, hmacKey)
}

describe('the server’s check of a solved proof of work', () => {
  it('accepts what the browser solved, as altcha-lib does', async () => {
    const payload = await solved()
    expect(holds(proofHeader(payload))).toBe(true)
    expect(await verifySolution(proofHeader(payload), hmacKey, false)).toBe(true)
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
  })

  it('agrees with altcha-lib’s own verifySolution on every proof spelled as the page spells it', async () => {
    // Our check is a hand-written copy of the library's equation, kept for its cost
    // (docs/decisions/026-proof-of-work-check.md): this is what holds it to the library.
    const payload = await solved()
    const other = await solved('another key')
    const canonical = {
      solved: payload,
      'wrong number': { ...payload, number: payload.number + 1 },
      'salt changed (a longer lifetime)': { ...payload, salt: payload.salt.replace('issued=1', 'issued=2') },
      'signature of another key': { ...payload, signature: other.signature },
      'challenge and signature of another proof': {
        ...payload,
        challenge: other.challenge,
        signature: other.signature,
      },
      'another key’s whole proof': other,
    }
    for (const [name, fields] of Object.entries(canonical)) {
      const header = proofHeader(fields)
      expect(canonicalPayload(header), name).not.toBeNull()
      const library = await verifySolution(header, hmacKey, false)
      expect({ name, ours: holds(header) }).toEqual({ name, ours: library })
    }
    expect(holds(proofHeader(payload))).toBe(true)
  })
})

describe('a solved proof counts once, however it is spelled', () => {
  /** Other spellings of one solved proof, each of which the old check decoded to the same proof. */
  const respellings: Record<string, (payload: ProofFields, header: string) => string> = {
    'signature uppercased': (payload) => encoded({ ...payload, signature: payload.signature.toUpperCase() }),
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
        signature: payload.signature.toUpperCase(),
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
      const header = proofHeader(payload)
      expect(await verifier.check(header, now, 'first-submission')).toMatchObject({
        kind: 'solved',
        issuedAt: now,
      })
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
    expect((await verifier.check(proofHeader(payload), now, 'b')).kind).toBe('solved')
  })

  it('a proof past its challenge’s lifetime is expired on the server’s clock, and was solved until then', async () => {
    const verifier = createProofVerifier(settings)
    const header = proofHeader(await solvedFields(await issueChallenge(settings, now)))
    // The expiry is signed in whole seconds; the server's own clock decides, not the visitor's.
    const lastSecond = new Date(now.getTime() + settings.lifetimeMs - 1000)
    const pastIt = new Date(now.getTime() + settings.lifetimeMs)
    expect(await verifier.check(header, pastIt, 'late')).toEqual({ kind: 'expired' })
    expect(await verifier.check(header, lastSecond, 'in time')).toMatchObject({
      kind: 'solved',
      issuedAt: now,
    })
  })

  it('the browser’s retry of one submission (same Idempotency-Key) still counts as solved', async () => {
    const verifier = createProofVerifier(settings)
    const header = proofHeader(await solvedFields(await issueChallenge(settings, now)))
    expect((await verifier.check(header, now, 'one-submission')).kind).toBe('solved')
    expect((await verifier.check(header, now, 'one-submission')).kind).toBe('solved')
    expect((await verifier.check(header, now, 'another-submission')).kind).toBe('replayed')
  })
})
