/**
 * People are never judged spam: 50 contact requests typed in a real Chromium at a fast typist's pace
 * (about 25 keys a second), each by a new visitor, against a server running the real spam rules
 * (the shared e2e server lets Playwright's instant fills through, so this file starts its own).
 * The proof of work is solved by the page's own script. The bot side is tests/server/spam-corpus.test.ts.
 */
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { getFormDefinition } from '../../forms/registry.ts'
import { type ServerProcess, startServerProcess } from '../server/helpers/server-process.ts'
import { adminConnectionString } from './support/database.ts'
import { fillForm } from './support/fill-form.ts'

const perWorker = 25
let server: ServerProcess
let databaseName: string

test.beforeAll(async () => {
  // Playwright names each worker process; each gets its own server and database.
  const worker = process.env.TEST_WORKER_INDEX ?? '0'
  databaseName = `agency_spam_e2e_${process.env.E2E_PORT ?? 3107}_${worker}`
  const admin = new pg.Client({ connectionString: adminConnectionString() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
  await admin.query(`CREATE DATABASE ${databaseName}`)
  await admin.end()
  server = await startServerProcess({
    env: {
      DATABASE_URL: adminConnectionString(databaseName),
      DATA_DIR: `build/e2e-spam-${worker}`,
      SUBMIT_RATE_LIMIT: '1000/1m',
    },
  })
})

test.afterAll(async () => {
  await server?.stop()
  const admin = new pg.Client({ connectionString: adminConnectionString() })
  await admin.connect()
  await admin.query(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`)
  await admin.end()
})

for (const batch of [1, 2]) {
  test(`${perWorker} people typing their requests are never judged spam (batch ${batch})`, async ({
    page,
  }) => {
    // 25 people typing at 40 ms a key take about 3 minutes; a busy machine may need twice that.
    test.setTimeout(360_000)
    const form = getFormDefinition('contact-message')
    if (!form) throw new Error('contact-message is not registered')
    const emails: string[] = []
    for (let visitor = 0; visitor < perWorker; visitor++) {
      await page.goto(`${server.url}/contact`)
      const email = `person${batch}-${visitor}-${Date.now()}@example.com`
      emails.push(email)
      await fillForm(page, form, { email, typingDelayMs: 40 })
      await page.locator('form[data-form-key="contact-message"] button[type="submit"]').click()
      await expect(page.getByRole('dialog')).toContainText('Message sent successfully!')
    }
    const client = new pg.Client({ connectionString: adminConnectionString(databaseName) })
    await client.connect()
    try {
      const { rows } = await client.query<{ email: string; is_spam: boolean; spam_reasons: string[] }>(
        `SELECT fields->>'email' AS email, is_spam, spam_reasons FROM leads WHERE fields->>'email' = ANY($1)`,
        [emails],
      )
      const spam = rows.filter((row) => row.is_spam)
      console.log(`spam e2e (batch ${batch}): ${spam.length} of ${rows.length} typed requests judged spam`)
      expect(rows).toHaveLength(perWorker)
      expect(spam, JSON.stringify(spam.map((row) => row.spam_reasons))).toHaveLength(0)
    } finally {
      await client.end()
    }
  })
}
