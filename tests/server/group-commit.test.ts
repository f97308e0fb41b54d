/**
 * Group commit in the lead repository, on both drivers: submissions that arrive together are
 * stored together (fewer statements than leads), yet each gets its own lead, its delivery job and
 * its own answer; two with one idempotency key store one lead; a lead the database refuses fails
 * alone, never its neighbours in the batch; the repeated-text check made by the insert counts for
 * each lead on its own.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { Database, Queryable } from '#server/db/database.ts'
import { groupCommit } from '#server/db/group-commit.ts'
import { createLeadRepository, type NewLead } from '#server/leads/lead-repository.ts'
import { newLead } from '#tests/kit/leads.ts'
import { drivers, useTestDatabase } from './helpers/test-database.ts'

/** The n-th lead of a batch: every tenth is spam, and addresses, bodies and texts repeat. */
function batchLead(n: number, extra: Partial<NewLead> = {}): NewLead {
  return newLead({
    fields: { firstName: `Person${n}`, lastName: 'Batch', email: `p${n}@example.com`, msg: `Lead ${n}` },
    userAgent: 'test',
    ipHash: `ip-${n % 7}`,
    isSpam: n % 10 === 0,
    spamReasons: n % 10 === 0 ? ['honeypot'] : [],
    idempotencyKey: `key-${n}`,
    bodyHash: `body-${n % 5}`,
    textHash: `text-${n % 5}`,
    ...extra,
  })
}

/** The database, counting the statements that reach it. */
function counting(db: Database): { db: Database; statements: () => number; sql: () => string[] } {
  const sent: string[] = []
  const counted: Database = {
    ...db,
    query: <T>(sql: string, params?: readonly unknown[]) => {
      sent.push(sql)
      return db.query<T>(sql, params)
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),
  }
  return { db: counted, statements: () => sent.length, sql: () => [...sent] }
}

describe('groupCommit', () => {
  it('writes the calls of one event-loop turn together, then everything that queued during the write', async () => {
    const writes: number[][] = []
    let release = () => {}
    const write = groupCommit<number, number>(
      async (items) => {
        writes.push(items)
        if (items.includes(1)) await new Promise<void>((resolve) => (release = resolve))
        return items.map((item) => ({ status: 'fulfilled', value: item * 2 }))
      },
      { maxBatch: 3 },
    )
    // A call alone is written without waiting for company.
    expect(await write(0)).toBe(0)
    writes.length = 0
    const first = [1, 2].map(write)
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([[1, 2]])
    // Four more arrive while [1, 2] is being written: they wait for it, then go at most 3 at a time.
    const later = [3, 4, 5, 6].map(write)
    await new Promise((resolve) => setImmediate(resolve))
    expect(writes).toEqual([[1, 2]])
    release()
    expect(await Promise.all([...first, ...later])).toEqual([2, 4, 6, 8, 10, 12])
    expect(writes).toEqual([[1, 2], [3, 4, 5], [6]])
  })

  it('answers each caller with its own outcome, and a failed write fails only its batch', async () => {
    let calls = 0
    const write = groupCommit<number, number>(
      async (items) => {
        calls++
        if (calls === 1) throw new Error('disk full')
        return items.map((item) =>
          item === 3
            ? { status: 'rejected', reason: new Error('three refused') }
            : { status: 'fulfilled', value: item },
        )
      },
      { maxBatch: 10 },
    )
    const alone = write(1)
    alone.catch(() => {}) // settled below; fails before then
    await new Promise((resolve) => setImmediate(resolve))
    const settled = await Promise.allSettled([alone, ...[2, 3, 4].map(write)])
    expect(
      settled.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason))),
    ).toEqual(['Error: disk full', 2, 'Error: three refused', 4])
  })
})

describe.each(drivers)('lead repository group commit on %s', (driver) => {
  const test = useTestDatabase(driver)
  beforeEach(async () => {
    await test.db.query('TRUNCATE leads, delivery_jobs CASCADE')
  })

  it('stores 60 leads sent together in fewer statements, each with its own row and answer', async () => {
    const { db, statements } = counting(test.db)
    const repository = createLeadRepository(db)
    const leads = Array.from({ length: 60 }, (_, n) => batchLead(n))
    const answers = await Promise.all(leads.map((lead) => repository.insertLead(lead)))
    expect(statements()).toBeLessThan(20)
    answers.forEach(({ lead, created }, n) => {
      expect(created).toBe(true)
      expect(lead.fields.firstName).toBe(`Person${n}`)
      expect(lead.idempotencyKey).toBe(`key-${n}`)
      expect(lead.isSpam).toBe(n % 10 === 0)
      expect(lead.reference).toMatch(/^[2-9A-HJKMNP-Z]{3}-[2-9A-HJKMNP-Z]{3}$/)
    })
    expect(new Set(answers.map(({ lead }) => lead.id)).size).toBe(60)
    const [counts] = await test.db.query<{ leads: number; jobs: number }>(
      'SELECT (SELECT count(*)::int FROM leads) AS leads, (SELECT count(*)::int FROM delivery_jobs) AS jobs',
    )
    // Spam (every tenth) is stored but never mailed.
    expect(counts).toEqual({ leads: 60, jobs: 54 })
  })

  it('answers each caller with its lead exactly as it is stored, read back on its own', async () => {
    const repository = createLeadRepository(test.db)
    await repository.insertLead(batchLead(0, { textHash: 'seen text', ipHash: 'addr-1' }))
    const answers = await Promise.all([
      repository.insertLead(
        batchLead(1, { fields: { firstName: 'Null\u0000Byte', msg: 'Broken \ud800 pair' } }),
      ),
      repository.insertLead(batchLead(10)),
      repository.insertLead(
        batchLead(2, {
          textHash: 'seen text',
          ipHash: 'addr-2',
          repeatCheck: {
            since: new Date(Date.now() - 60_000),
            ifRepeated: { isSpam: true, spamReasons: [] },
          },
        }),
      ),
    ])
    // The stored text had the characters PostgreSQL cannot hold replaced; the repeat verdict applied.
    expect(answers[0]?.lead.fields).toEqual({ firstName: 'Null\uFFFDByte', msg: 'Broken \uFFFD pair' })
    expect(answers[2]?.lead.spamReasons).toEqual(['The same text came from 1 other address this week'])
    for (const { lead, created } of answers) {
      expect(created).toBe(true)
      expect(await repository.findLeadById(lead.id)).toEqual(lead)
    }
  })

  it('two submissions with one key sent together store one lead; the other is told it exists', async () => {
    const repository = createLeadRepository(test.db)
    const [first, ...rest] = await Promise.all([
      repository.insertLead(batchLead(1)),
      repository.insertLead(batchLead(2, { idempotencyKey: 'shared' })),
      repository.insertLead(batchLead(3, { idempotencyKey: 'shared', bodyHash: 'another body' })),
    ])
    expect(first?.created).toBe(true)
    // All three go in one call, which keeps the first lead under the key: one lead, both told which.
    expect(rest.map((answer) => answer.created)).toEqual([true, false])
    expect(rest[1]?.lead.id).toBe(rest[0]?.lead.id)
    expect(rest[1]?.lead.bodyHash).toBe('body-2')
    const rows = await test.db.query('SELECT 1 FROM leads WHERE idempotency_key = $1', ['shared'])
    expect(rows).toHaveLength(1)
  })

  it('a lead the database refuses fails alone; the others in its batch are stored', async () => {
    const repository = createLeadRepository(test.db)
    // The first write takes lead 0 alone; 1 to 4 queue behind it and go together.
    const settled = await Promise.allSettled([
      repository.insertLead(batchLead(0)),
      repository.insertLead(batchLead(1)),
      repository.insertLead(batchLead(2, { language: 'fr' as NewLead['language'] })),
      repository.insertLead(batchLead(3)),
      repository.insertLead(batchLead(4)),
    ])
    expect(settled.map((result) => result.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ])
    const stored = await test.db.query<{ key: string }>(
      'SELECT idempotency_key AS key FROM leads ORDER BY idempotency_key',
    )
    expect(stored.map((row) => row.key)).toEqual(['key-0', 'key-1', 'key-3', 'key-4'])
  })

  it('checks each lead’s text against the week’s leads in the insert itself, each with its own count', async () => {
    const repository = createLeadRepository(test.db)
    // Each checked lead has a text of its own, sent before from these addresses, so none counts
    // another checked lead.
    const earlier: [string, string][] = [
      ...['text A', 'text B', 'text C', 'text D'].flatMap((text) =>
        ['addr-1', 'addr-2', 'addr-3'].map((address): [string, string] => [text, address]),
      ),
      ['pair text', 'addr-5'],
    ]
    await Promise.all(
      earlier.map(([textHash, ipHash], n) => repository.insertLead(batchLead(100 + n, { textHash, ipHash }))),
    )
    const hour = 3_600_000
    const checked = (
      n: number,
      textHash: string,
      ipHash: string | null,
      since = new Date(Date.now() - hour),
    ) =>
      batchLead(n, {
        textHash,
        ipHash,
        isSpam: false,
        spamReasons: [],
        repeatCheck: {
          since,
          ifRepeated: { isSpam: true, spamReasons: ['Filled in 3.0 s from the first touch of the form'] },
        },
      })
    const counted = counting(test.db)
    const countedRepository = createLeadRepository(counted.db)
    const stored = await Promise.all(
      [
        checked(11, 'text A', 'addr-1'),
        checked(12, 'text B', 'addr-9'),
        checked(13, 'text C', null),
        checked(14, 'pair text', 'addr-6'),
        checked(15, 'unseen text', 'addr-1'),
        checked(16, 'text D', 'addr-1', new Date(Date.now() + 60_000)),
      ].map((lead) => countedRepository.insertLead(lead)),
    )
    // No statement of its own for the check: the six leads sent together are one store_leads call.
    expect(counted.sql()).toEqual([expect.stringContaining('store_leads(')])
    const filled = 'Filled in 3.0 s from the first touch of the form'
    expect(stored.map(({ lead }) => [lead.isSpam, lead.spamReasons])).toEqual([
      [true, [filled, 'The same text came from 2 other addresses this week']],
      [true, [filled, 'The same text came from 3 other addresses this week']],
      [true, [filled, 'The same text came from 3 other addresses this week']],
      [true, [filled, 'The same text came from 1 other address this week']],
      [false, []],
      [false, []],
    ])
    // Only the leads that are not spam wait for delivery.
    const jobs = await test.db.query<{ key: string }>(
      `SELECT l.idempotency_key AS key FROM delivery_jobs j JOIN leads l ON l.id = j.lead_id
        WHERE l.idempotency_key IN ('key-11', 'key-12', 'key-13', 'key-14', 'key-15', 'key-16') ORDER BY 1`,
    )
    expect(jobs.map((row) => row.key)).toEqual(['key-15', 'key-16'])
  })

  it('records the batch’s used proofs and offers its visitors’ copies in the same one call', async () => {
    const now = new Date()
    const proof = (digest: string) => ({
      proof: { digest, submission: `submission-${digest}`, expiresMs: now.getTime() + 3_600_000 },
      now,
    })
    // A proof expired by the server's clock: the batch's write deletes it.
    await test.db.query(
      `INSERT INTO used_proofs (digest, submission, expires_at) VALUES ('expired-proof', NULL, $1::timestamptz)`,
      [new Date(now.getTime() - 60_000).toISOString()],
    )
    const repository = createLeadRepository(test.db)
    const { lead: earlier } = await repository.insertLead(batchLead(301))
    const counted = counting(test.db)
    const countedRepository = createLeadRepository(counted.db)
    const copy = (mailboxKey: string) => ({ visitorCopy: { mailboxKey } })
    const stored = await Promise.all(
      [
        batchLead(311, { ...copy('mailbox-311'), usedProof: proof('proof-311') }),
        // Spam: its proof is still used up, and it gets no copy.
        batchLead(320, { ...copy('mailbox-320'), usedProof: proof('proof-320') }),
        batchLead(312, { usedProof: proof('proof-312') }),
        // The retry of a stored lead (its idempotency key): not stored again, its proof recorded.
        batchLead(301, { ...copy('mailbox-301'), usedProof: proof('proof-301') }),
      ].map((lead) => countedRepository.insertLead(lead)),
    )
    // One write for the whole batch, then only the read of the stored lead the retry names.
    expect(counted.sql()).toEqual([
      expect.stringContaining('store_leads('),
      expect.stringMatching(/^select .* from "leads" where "idempotency_key" = \$1$/),
    ])
    expect(stored.map(({ created }) => created)).toEqual([true, true, true, false])
    expect(stored[3]?.lead.id).toBe(earlier.id)
    const proofs = await test.db.query<{ digest: string; submission: string | null }>(
      'SELECT digest, submission FROM used_proofs ORDER BY digest',
    )
    expect(proofs).toEqual(
      ['proof-301', 'proof-311', 'proof-312', 'proof-320'].map((digest) => ({
        digest,
        submission: `submission-${digest}`,
      })),
    )
    const copies = await test.db.query<{ lead_id: string; status: string }>(
      'SELECT lead_id, status FROM visitor_confirmations',
    )
    expect(copies).toEqual([{ lead_id: stored[0]?.lead.id, status: 'pending' }])
  })
})
