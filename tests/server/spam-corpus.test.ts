/**
 * The spam scoring against a seeded corpus of what bots send to small-business forms, through the
 * real API: direct posts without the browser's proof of work, sub-second fills, link-laden SEO
 * text, one body sent from many addresses. At least 95% must land in spam; a control set of
 * ordinary requests (proof solved, a person's pace, a person's words) must not. The figures are
 * printed. The browser side (a real Chromium typing at human speed) is tests/e2e/spam.spec.ts.
 */
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FormDefinition } from '../../forms/engine.ts'
import { formDefinitions } from '../../forms/registry.ts'
import { buildApp } from '../../server/app.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { solvedProof } from './helpers/proof-of-work.ts'
import { drivers, openTestDatabase, type TestDatabase, testEncryptionKey } from './helpers/test-database.ts'

const salt = 'spam-corpus-salt-0123456789'
const today = new Date()

/** mulberry32 (public domain): the same seed, the same corpus. */
function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const random = seeded(0x5a4d_2026)
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
const between = (low: number, high: number) => Math.floor(low + random() * (high - low))

const firstNames = ['Ana', 'Brian', 'Carla', 'Dmitri', 'Elena', 'Frank', 'Gloria', 'Hector', 'Irene', 'Jamal']
const lastNames = ['Smith', 'Garcia', 'Nguyen', 'Okafor', 'Petrov', 'Rossi', 'Walker', 'Young', 'Zamora']
const ordinary = [
  'I would like a quote for my two cars, we just moved to Carroll County.',
  'Can someone call me about renters insurance for my apartment in Athens?',
  'My policy renews next month and the price went up a lot. Can you compare?',
  'Necesito un seguro para mi camioneta de trabajo, por favor llámenme.',
  'Do you insure a small landscaping business with three employees?',
  'Our home is in a flood zone according to the new map. What are my options?',
  'Please send me proof of insurance for my landlord by Friday.',
  'I want to add my daughter to my auto policy, she just got her license.',
]
const seoLines = [
  'We can rank your website on the first page of Google in 30 days.',
  'Cheap backlinks and guest posts for your insurance site.',
  'Boost your web traffic with our SEO packages.',
  'Earn with crypto and forex signals, click here.',
]
const spamSites = [
  'https://seo-boost.example',
  'http://links4you.example/offer',
  'www.cheap-traffic.example',
  'https://promo.example/?ref=ins',
]

function form(key: string): FormDefinition {
  const found = formDefinitions.find((candidate) => candidate.key === key)
  if (!found) throw new Error(`${key} is not registered`)
  return found
}

interface Submission {
  kind: string
  address: string
  payload: Record<string, string>
  proof: 'none' | { startedMsAgo: number }
}

function contactPayload(text: string): Record<string, string> {
  return {
    ...validPayload(form('contact-message'), today),
    firstName: pick(firstNames),
    lastName: pick(lastNames),
    email: `${pick(firstNames).toLowerCase()}${between(1, 9999)}@example.com`,
    msg: text,
  }
}

let addressCounter = 0
const freshAddress = () =>
  `10.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}.${between(1, 250)}`

function botCorpus(): Submission[] {
  const corpus: Submission[] = []
  // Direct posts to the API, as form-spamming scripts send them: no proof of work.
  for (let i = 0; i < 80; i++) {
    corpus.push({
      kind: 'direct post without a proof',
      address: freshAddress(),
      payload: contactPayload(`${pick(ordinary)} ${between(100, 999)}`),
      proof: 'none',
    })
  }
  // Headless browsers that solve the challenge but fill and send at once.
  for (let i = 0; i < 40; i++) {
    corpus.push({
      kind: 'sub-second fill',
      address: freshAddress(),
      payload: contactPayload(`${pick(ordinary)} ref ${between(100, 999)}`),
      proof: { startedMsAgo: between(80, 950) },
    })
  }
  // SEO spam typed at a person's pace, proof solved: the text gives it away.
  for (let i = 0; i < 60; i++) {
    const links = Array.from({ length: between(2, 5) }, () => pick(spamSites)).join(' ')
    corpus.push({
      kind: 'link-laden SEO text',
      address: freshAddress(),
      payload: contactPayload(`${pick(seoLines)} ${links}`),
      proof: { startedMsAgo: between(20_000, 180_000) },
    })
  }
  // One text, many addresses: 8 campaigns of 5 posts, each looking like a person's.
  for (let campaign = 0; campaign < 8; campaign++) {
    const payload = contactPayload(`${pick(ordinary)} Campaign ${campaign}.`)
    for (let i = 0; i < 5; i++) {
      corpus.push({
        kind: 'repeated body',
        address: freshAddress(),
        payload,
        proof: { startedMsAgo: between(30_000, 90_000) },
      })
    }
  }
  return corpus
}

function controlSet(): Submission[] {
  return Array.from({ length: 50 }, (_, i) => ({
    kind: 'ordinary request',
    address: freshAddress(),
    payload: contactPayload(
      i % 10 === 0
        ? `My current carrier's page is https://www.carrier.example/policy ${i}, can you beat it?`
        : `${pick(ordinary)} (${i})`,
    ),
    proof: { startedMsAgo: between(15_000, 600_000) },
  }))
}

describe.each(drivers)('spam corpus on %s', (driver) => {
  let test: TestDatabase
  let app: FastifyInstance

  beforeAll(async () => {
    test = await openTestDatabase(driver)
    app = await buildApp({
      db: test.db,
      ipHashSalt: salt,
      encryptionKey: testEncryptionKey,
      submitRateLimit: false,
      now: () => today,
    })
  })
  afterAll(async () => {
    await app?.close()
    await test?.dispose()
  })

  async function send(submission: Submission): Promise<boolean> {
    const key = `corpus-${driver}-${Math.floor(random() * 2 ** 48).toString(36)}`
    const response = await app.inject({
      method: 'POST',
      url: '/api/forms/contact-message',
      remoteAddress: submission.address,
      headers: {
        'content-type': 'application/json',
        'idempotency-key': key,
        ...(submission.proof === 'none'
          ? {}
          : { 'x-proof-of-work': await solvedProof(salt, { now: today, ...submission.proof }) }),
      },
      payload: JSON.stringify(submission.payload),
    })
    expect(response.statusCode, response.body).toBe(200)
    const [row] = await test.db.query<{ is_spam: boolean }>(
      'SELECT is_spam FROM leads WHERE idempotency_key = $1',
      [key],
    )
    if (!row) throw new Error('an accepted submission was not stored')
    return row.is_spam
  }

  it('puts at least 95% of 220 bot-like submissions in spam, and none of 50 ordinary ones', async () => {
    const bots = botCorpus()
    const byKind = new Map<string, { spam: number; total: number }>()
    for (const submission of bots) {
      const spam = await send(submission)
      const tally = byKind.get(submission.kind) ?? { spam: 0, total: 0 }
      byKind.set(submission.kind, { spam: tally.spam + (spam ? 1 : 0), total: tally.total + 1 })
    }
    const caught = [...byKind.values()].reduce((sum, tally) => sum + tally.spam, 0)
    const people = controlSet()
    let wronged = 0
    for (const submission of people) if (await send(submission)) wronged++

    const share = (caught / bots.length) * 100
    console.log(
      `spam corpus (${driver}): ${caught} of ${bots.length} bot-like submissions in spam (${share.toFixed(1)}%); ` +
        `${wronged} of ${people.length} ordinary ones. By kind: ${[...byKind]
          .map(([kind, tally]) => `${kind} ${tally.spam}/${tally.total}`)
          .join(', ')}`,
    )
    expect(bots.length).toBeGreaterThanOrEqual(200)
    expect(share).toBeGreaterThanOrEqual(95)
    expect(wronged).toBe(0)
  }, 120_000)
})
