import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { migrationsDir, runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { deliveryJobsOfLead } from '#server/leads/lead-jobs.ts'
import { createLeadRepository } from '#server/leads/lead-repository.ts'
import { newLead } from '#tests/kit/leads.ts'
import { drivers, openTestDatabase, useTestDatabase } from './helpers/test-database.ts'

/** Every migration in the folder, in name order: each engineer's new file joins the list by itself. */
const allMigrations = readdirSync(migrationsDir)
  .filter((name) => name.endsWith('.sql'))
  .sort()

/** Jane Doe's contact message, as the submission service hands it to the repository. */
const janeDoe = { fields: { name: 'Jane Doe', email: 'jane@example.com' }, ipHash: 'abc' }

describe.each(drivers)('database on %s', (driver) => {
  const test = useTestDatabase(driver, { migrate: false })

  it('applies the migrations once, in order, and records them', async () => {
    const applied = await runMigrations(test.db)
    expect(applied.slice(0, 3)).toEqual(['001-leads.sql', '002-delivery-jobs.sql', '003-staff.sql'])
    expect(applied).toEqual(allMigrations)
    expect(await runMigrations(test.db)).toEqual([])
    const rows = await test.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
    expect(rows.map((row) => row.name)).toEqual(applied)
  })

  it('reports its driver', () => {
    expect(test.db.driver).toBe(driver)
  })

  it('rolls a failed transaction back', async () => {
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query("INSERT INTO leads (form_key, fields) VALUES ('rollback-test', '{}')")
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    const rows = await test.db.query("SELECT id FROM leads WHERE form_key = 'rollback-test'")
    expect(rows).toEqual([])
  })

  it('runs a parameterised statement again and again, on every connection and in a transaction', async () => {
    // As the batch insert of leads is sent (lead-repository.ts): one text, new values each call.
    const statement = 'SELECT $1::int + $2::int AS sum'
    const concurrent = await Promise.all(
      Array.from({ length: 12 }, (_, n) => test.db.query<{ sum: number }>(statement, [n, 1])),
    )
    expect(concurrent.map((rows) => rows[0]?.sum)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1))
    const inTransaction = await test.db.transaction((tx) => tx.query<{ sum: number }>(statement, [40, 2]))
    expect(inTransaction[0]?.sum).toBe(42)
  })

  describe('leadRepository', () => {
    it('stores a lead with its delivery job and reads it back with native types', async () => {
      const leads = createLeadRepository(test.db)
      const { lead, created } = await leads.insertLead(newLead({ ...janeDoe, language: 'es' }))
      expect(created).toBe(true)
      expect(lead).toMatchObject({
        formKey: 'contact-message',
        fields: { name: 'Jane Doe', email: 'jane@example.com' },
        language: 'es',
        isSpam: false,
        status: 'new',
        idempotencyKey: null,
      })
      expect(lead.receivedAt).toBeInstanceOf(Date)
      expect(await leads.findLeadById(lead.id)).toEqual(lead)
      const jobs = await deliveryJobsOfLead(test.db, lead.id)
      expect(jobs).toHaveLength(1)
      expect(jobs[0]).toMatchObject({
        leadId: lead.id,
        status: 'pending',
        attempts: 0,
        lastError: null,
        sentAt: null,
      })
    })

    it('gives spam no delivery job', async () => {
      const leads = createLeadRepository(test.db)
      const { lead } = await leads.insertLead(newLead({ ...janeDoe, isSpam: true }))
      expect(lead.isSpam).toBe(true)
      expect(await deliveryJobsOfLead(test.db, lead.id)).toEqual([])
    })

    it('stores one lead and one job per idempotency key', async () => {
      const leads = createLeadRepository(test.db)
      const first = await leads.insertLead(newLead({ ...janeDoe, idempotencyKey: `key-${driver}` }))
      const again = await leads.insertLead(
        newLead({ ...janeDoe, idempotencyKey: `key-${driver}`, fields: { name: 'Other' } }),
      )
      expect(again.created).toBe(false)
      expect(again.lead).toEqual(first.lead)
      expect(await deliveryJobsOfLead(test.db, first.lead.id)).toHaveLength(1)
    })

    it('stores one lead when the same key arrives concurrently', async () => {
      const leads = createLeadRepository(test.db)
      const key = `race-${driver}`
      const results = await Promise.all(
        Array.from({ length: 8 }, () => leads.insertLead(newLead({ ...janeDoe, idempotencyKey: key }))),
      )
      expect(results.filter((result) => result.created)).toHaveLength(1)
      expect(new Set(results.map((result) => result.lead.id)).size).toBe(1)
      const rows = await test.db.query('SELECT id FROM leads WHERE idempotency_key = $1', [key])
      expect(rows).toHaveLength(1)
    })

    it('finds nothing for an id that is not a uuid', async () => {
      expect(await createLeadRepository(test.db).findLeadById('42')).toBeUndefined()
    })
  })
})

describe('migrations on PostgreSQL started by two processes at once', () => {
  it('applies each migration exactly once', async () => {
    const test = await openTestDatabase('postgres', { migrate: false })
    const second = await openPostgresDatabase(test.location)
    try {
      const [a, b] = await Promise.all([runMigrations(test.db), runMigrations(second)])
      expect([...a, ...b].sort()).toEqual(allMigrations)
    } finally {
      await second.close()
      await test.dispose()
    }
  })
})

describe('PGlite durability', () => {
  it('keeps a committed lead across close and reopen of its directory', async () => {
    const test = await openTestDatabase('pglite')
    try {
      const { lead } = await createLeadRepository(test.db).insertLead(newLead(janeDoe))
      await test.db.close()
      const reopened = await openPgliteDatabase(test.location)
      try {
        expect(await createLeadRepository(reopened).findLeadById(lead.id)).toEqual(lead)
      } finally {
        await reopened.close()
      }
    } finally {
      await test.dispose()
    }
  })
})
