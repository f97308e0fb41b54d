/**
 * What a copy of the database gives away (docs/contracts.md, "What is stored"): a workers' comp
 * lead is sent with owners' SSNs, an EIN and dates of birth, then every row of every table and a
 * backup (the embedded database's snapshot, PostgreSQL's pg_dump) are searched for the numbers in
 * clear and for any unkeyed digest of them or of the body: such a digest lets whoever holds the
 * copy hash candidates until one matches (all 10^9 SSNs in minutes on one core).
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { allFields } from '#forms/engine.ts'
import { registeredForm, validPayload } from './helpers/form-payloads.ts'
import { submitForm } from './helpers/requests.ts'
import { useTestApp } from './helpers/test-app.ts'
import { drivers } from './helpers/test-database.ts'

const salt = 'stored-secrets-tests-salt-0123'
const today = new Date()
const form = registeredForm('workers-comp-quote')

/** The body as sent: every field valid, the sensitive ones and the dates of birth given values of their own. */
function workersCompBody(): { body: Record<string, string>; secrets: string[] } {
  const body = validPayload(form, today)
  const secrets: string[] = []
  for (const field of allFields(form)) {
    if (form.sensitiveFields.includes(field.name)) {
      // Distinct, unlikely nine-digit values (an SSN and an EIN both have nine digits).
      body[field.name] = String(314159265 + secrets.length * 1111)
      secrets.push(body[field.name] ?? '')
    } else if (/birth/i.test(field.name)) {
      body[field.name] = `1971-0${3 + secrets.length}-2${secrets.length}`
      secrets.push(body[field.name] ?? '')
    }
  }
  return { body, secrets }
}

/** Hex and base64 of SHA-256 and SHA-1: the digests someone would store without a key. */
function unkeyedDigests(text: string): string[] {
  return ['sha256', 'sha1'].flatMap((algorithm) => {
    const digest = createHash(algorithm).update(text).digest()
    return [digest.toString('hex'), digest.toString('base64')]
  })
}

/** The body as the server fingerprinted it before it was keyed: the form and the JSON with sorted keys. */
function unkeyedBodyFingerprints(body: Record<string, string>): string[] {
  const kept = Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => value !== '')
      .sort(([a], [b]) => (a < b ? -1 : 1)),
  )
  return unkeyedDigests(`${form.key}\n${JSON.stringify(kept)}`)
}

describe.each(drivers)('what a copy of the %s database gives away', (driver) => {
  const t = useTestApp(driver, { ipHashSalt: salt })
  const { body, secrets } = workersCompBody()

  beforeAll(async () => {
    const response = await submitForm(t.app, form.key, body, {
      salt,
      now: today,
      headers: { 'idempotency-key': 'stored-secrets-1' },
    })
    expect(response.statusCode).toBe(200)
  })

  /** Everything that would be searched for: the numbers in clear and every unkeyed digest. */
  const needles = () => [
    ...secrets.filter((secret) => !secret.includes('-')),
    ...secrets.flatMap(unkeyedDigests),
    ...unkeyedBodyFingerprints(body),
  ]

  it('no row of any table holds an SSN, an EIN, or an unkeyed digest of them or of the body', async () => {
    expect(secrets.length).toBeGreaterThanOrEqual(3)
    const tables = await t.db.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'`,
    )
    let text = ''
    for (const { name } of tables) {
      const rows = await t.db.query<{ row: string }>(`SELECT t::text AS row FROM "${name}" t`)
      text += rows.map((row) => row.row).join('\n')
    }
    // The lead is there (the search is not of an empty database).
    expect(text).toContain(body.businessName ?? form.key)
    for (const needle of needles()) expect(text, `a stored value contains ${needle}`).not.toContain(needle)
  })

  it('nor does a backup', async () => {
    let backup: string
    if (driver === 'pglite') {
      const snapshot = await t.db.snapshot?.()
      if (!snapshot) throw new Error('the embedded database takes no snapshot')
      backup = gunzipSync(Buffer.from(await snapshot.arrayBuffer())).toString('latin1')
    } else {
      const dump = spawnSync('pg_dump', ['--format=plain', '--no-owner', t.location], {
        encoding: 'latin1',
        maxBuffer: 256 * 1024 * 1024,
      })
      expect(dump.status, dump.stderr).toBe(0)
      backup = dump.stdout
    }
    expect(backup).toContain('text_senders')
    for (const needle of needles()) expect(backup, `the backup contains ${needle}`).not.toContain(needle)
  })
})
