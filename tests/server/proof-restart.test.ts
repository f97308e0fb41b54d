/**
 * A proof of work used before a restart is refused after it (issue 43): the used ones are kept in
 * the database (migration 018, server/spam/used-proofs.ts) as keyed digests until they expire, and
 * a new app over the same data reads them. On both drivers.
 */
import type { FastifyInstance } from 'fastify'
import { afterEach, describe, expect, it } from 'vitest'
import { buildApp } from '#server/app.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { submitForm } from './helpers/requests.ts'
import { solvedProof } from './helpers/solved-proofs.ts'
import { openTestApp, type TestApp, testAppOptions } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

describe.each(drivers)('used proofs of work across a restart on %s', (driver) => {
  const now = new Date('2026-11-23T16:00:00Z')
  const salt = 'proof-restart-test-salt-0123456789'
  let opened: TestApp | undefined
  afterEach(async () => {
    await opened?.close()
    opened = undefined
  })

  it('refuses a proof used before the restart, keeps the retry of its own submission, forgets expired ones', async () => {
    opened = await openTestApp(driver, { now: () => now, ipHashSalt: salt })
    const { db } = opened
    const proof = await solvedProof(salt, { now })
    const payload = (note: string) => ({
      ...validPayload(registeredForm('contact-message'), now),
      msg: `Question about my policy, ${note}`,
    })
    const send = (app: FastifyInstance, note: string, key: string) =>
      submitForm(app, 'contact-message', payload(note), {
        salt,
        now,
        headers: { 'x-proof-of-work': proof, 'idempotency-key': key },
      })
    const lead = async (key: string) => {
      const [row] = await db.query<{ is_spam: boolean; spam_reasons: string[] }>(
        'SELECT is_spam, spam_reasons FROM leads WHERE idempotency_key = $1',
        [key],
      )
      return row
    }
    // Expired a minute ago: the next write deletes it.
    await db.query(
      `INSERT INTO used_proofs (digest, submission, expires_at) VALUES ('stale', NULL, $1::timestamptz)`,
      [new Date(now.getTime() - 60_000).toISOString()],
    )

    expect((await send(opened.app, 'first use', 'key-first-0001')).statusCode).toBe(200)
    expect((await lead('key-first-0001'))?.is_spam).toBe(false)
    const stored = await db.query<{ digest: string }>('SELECT digest FROM used_proofs')
    expect(stored).toHaveLength(1)
    // A keyed digest, not the challenge the header carries.
    const challenge = JSON.parse(Buffer.from(proof, 'base64').toString('utf8')).challenge
    expect(stored[0]?.digest).toMatch(/^[0-9a-f]{64}$/)
    expect(stored[0]?.digest).not.toBe(challenge)

    // The restart: a new app over the same data.
    await opened.app.close()
    const restarted = await buildApp(testAppOptions(db, { now: () => now, ipHashSalt: salt }))
    opened.app = restarted
    expect((await send(restarted, 'replayed after the restart', 'key-replay-0002')).statusCode).toBe(200)
    const replayed = await lead('key-replay-0002')
    expect(replayed?.is_spam).toBe(true)
    expect(replayed?.spam_reasons.join(' ')).toMatch(/already used proof/)
    // The browser's retry of the first submission is still that submission.
    const retry = await send(restarted, 'first use', 'key-first-0001')
    expect(retry.statusCode).toBe(200)
    const [count] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM leads')
    expect(count?.n).toBe(2)
  })
})
