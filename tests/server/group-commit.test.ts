/**
 * Group commit in the lead repository, on both drivers: submissions that arrive together are
 * stored together (fewer statements than leads), yet each gets its own lead, its delivery job and
 * its own answer; two with one idempotency key store one lead; a lead the database refuses fails
 * alone, never its neighbours in the batch; the repeated-text check made by the insert counts for
 * each lead on its own.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Database, Queryable } from '../../server/db/database.ts'
import { groupCommit } from '../../server/db/group-commit.ts'
import { createLeadRepository, type NewLead } from '../../server/leads/lead-repository.ts'
import { drivers, openTestDatabase, type TestDatabase } from './helpers/test-database.ts'

function newLead(n: number, extra: Partial<NewLead> = {}): NewLead {
  return {
    formKey: 'contact-message',
    fields: { firstName: `Person${n}`, lastName: 'Batch', email: `p${n}@example.com`, msg: `Lead ${n}` },
    language: 'en',
    userAgent: 'test',
    ipHash: `ip-${n % 7}`,
    isSpam: n % 10 === 0,
    spamReasons: n % 10 === 0 ? ['honeypot'] : [],
    idempotencyKey: `key-${n}`,
    bodyHash: `body-${n % 5}`,
    ...extra,
  }
}

/** The database, counting the statements that reach it. */
function counting(db: Database): { db: Database; statements: () => number } {
  let count = 0
  const counted: Database = {
    ...db,
    query: <T>(sql: string, params?: readonly unknown[]) => {
      count++
      return db.query<T>(sql, params)
    },
    transaction: <T>(fn: (tx: Queryable) => Promise<T>) => db.transaction(fn),
  }
  return { db: counted, statements: () => count }
}

describe('groupCommit', () => {
  it('writes the first call at once, then everything that queued during it in one write', async () => {
    const writes: number[][] = []
    const write = groupCommit<number, number>(async (items) => {
      writes.push(items)
      await new Promise((resolve) => setTimeout(resolve, 20))
      return items.map((item) => ({ status: 'fulfilled', value: item * 2 }))
    }, 3)
    const answers = await Promise.all([1, 2, 3, 4, 5, 6].map(write))
    expect(answers).toEqual([2, 4, 6, 8, 10, 12])
    expect(writes).toEqual([[1], [2, 3, 4], [5, 6]])
  })

  it('answers each caller with its own outcome, and a failed write fails only its batch', async () => {
    let calls = 0
    const write = groupCommit<number, number>(async (items) => {
      calls++
      if (calls === 1) throw new Error('disk full')
      return items.map((item) =>
        item === 3
          ? { status: 'rejected', reason: new Error('three refused') }
          : { status: 'fulfilled', value: item },
      )
    }, 10)
    const settled = await Promise.allSettled([1, 2, 3, 4].map(write))
    expect(
      settled.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason))),
    ).toEqual(['Error: disk full', 2, 'Error: three refused', 4])
  })
})

describe.each(drivers)('lead repository group commit on %s', (driver) => {
  let test: TestDatabase

  beforeAll(async () => {
    test = await openTestDatabase(driver)
  })
  afterAll(async () => {
    await test?.dispose()
  })
  beforeEach(async () => {
    await test.db.query('TRUNCATE leads, delivery_jobs CASCADE')
  })

  it('stores 60 leads sent together in fewer statements, each with its own row and answer', async () => {
    const { db, statements } = counting(test.db)
    const repository = createLeadRepository(db)
    const leads = Array.from({ length: 60 }, (_, n) => newLead(n))
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

  it('two submissions with one key in the same batch store one lead; the second is told it exists', async () => {
    const repository = createLeadRepository(test.db)
    const [first, ...rest] = await Promise.all([
      repository.insertLead(newLead(1)),
      repository.insertLead(newLead(2, { idempotencyKey: 'shared' })),
      repository.insertLead(newLead(3, { idempotencyKey: 'shared', bodyHash: 'another body' })),
    ])
    expect(first?.created).toBe(true)
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
      repository.insertLead(newLead(0)),
      repository.insertLead(newLead(1)),
      repository.insertLead(newLead(2, { language: 'fr' as NewLead['language'] })),
      repository.insertLead(newLead(3)),
      repository.insertLead(newLead(4)),
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
    await Promise.all([
      ...[1, 2, 3].map((n) =>
        repository.insertLead(newLead(n, { bodyHash: 'same text', ipHash: `addr-${n}` })),
      ),
      repository.insertLead(newLead(4, { bodyHash: 'pair text', ipHash: 'addr-5' })),
    ])
    const hour = 3_600_000
    const checked = (
      n: number,
      bodyHash: string,
      ipHash: string | null,
      since = new Date(Date.now() - hour),
    ) =>
      newLead(n, {
        bodyHash,
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
        checked(11, 'same text', 'addr-1'),
        checked(12, 'same text', 'addr-9'),
        checked(13, 'same text', null),
        checked(14, 'pair text', 'addr-6'),
        checked(15, 'unseen text', 'addr-1'),
        checked(16, 'same text', 'addr-1', new Date(Date.now() + 60_000)),
      ].map((lead) => countedRepository.insertLead(lead)),
    )
    // The first went alone, the five that queued behind it together: no statement of its own for the check.
    expect(counted.statements()).toBe(2)
    expect(stored.map(({ lead }) => [lead.isSpam, lead.spamReasons])).toEqual([
      [
        true,
        [
          'Filled in 3.0 s from the first touch of the form',
          'The same text came from 2 other addresses this week',
        ],
      ],
      [
        true,
        [
          'Filled in 3.0 s from the first touch of the form',
          'The same text came from 3 other addresses this week',
        ],
      ],
      [
        true,
        [
          'Filled in 3.0 s from the first touch of the form',
          'The same text came from 3 other addresses this week',
        ],
      ],
      [
        true,
        [
          'Filled in 3.0 s from the first touch of the form',
          'The same text came from 1 other address this week',
        ],
      ],
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
})
