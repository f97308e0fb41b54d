/**
 * Stale backups are visible to staff: /api/admin/health reports the newest backup and says stale
 * when it is more than two days old (or there is none after the server ran a day), and the morning
 * digest opens with one line saying so; a fresh backup shows neither. On both drivers, with fixed clocks.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type BackupStatus, backupStatusReader } from '#server/backup/backup-status.ts'
import { composeDigest } from '#server/desk/morning-digest.ts'
import { makeStaff } from '#tests/kit/staff.ts'
import { signInThroughPage } from './helpers/staff-session.ts'
import { useTestApp } from './helpers/test-app.ts'
import { featureDrivers } from './helpers/test-database.ts'

const email = 'owner@oakridge-insurance.example'
const password = 'the owner password for health 7'
const origin = 'http://localhost'
const newest = '2026-11-20T08:00:00Z'
const digestSettings = { deskUrl: 'https://desk.example', timeZone: 'America/New_York' }

describe.each(featureDrivers)('backup health on %s', (driver) => {
  const t = useTestApp(driver, { admin: { backupStatus: () => status() } })
  let dir: string
  let clock: Date
  let startedAt: Date
  let cookie: string
  const status = () => backupStatusReader({ dir, keep: 14, startedAt, now: () => clock })()

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'agency-backup-health-'))
    await makeStaff(t.db, email, { password })
    cookie = await signInThroughPage(t.app, email, password)
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  async function health(): Promise<{
    deliveries: unknown
    backup: { newestAt: string | null; stale: boolean }
  }> {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/admin/health',
      headers: { cookie, origin },
    })
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  async function digestText(backup: BackupStatus): Promise<string> {
    return (await composeDigest(t.db, '2026-11-23', clock, digestSettings, (key) => key, backup)).text
  }

  it('says stale three days after the newest backup, in health and at the top of the digest', async () => {
    await writeFile(path.join(dir, 'agency-20261120-080000Z.pgdump'), 'PGDMP')
    startedAt = new Date('2026-11-01T00:00:00Z')
    clock = new Date('2026-11-23T08:00:00Z')
    const answer = await health()
    expect(answer.backup).toEqual({ newestAt: '2026-11-20T08:00:00.000Z', stale: true })
    expect(answer.deliveries).toEqual({ failed: 0, waiting: 0 })
    const text = await digestText(await status())
    expect(text.split('\n')[0]).toBe("The newest backup is from Nov 20: check the server's backups.")
  })

  it('is quiet with a backup a day old', async () => {
    clock = new Date('2026-11-21T03:30:00Z')
    expect((await health()).backup).toEqual({ newestAt: new Date(newest).toISOString(), stale: false })
    const text = await digestText(await status())
    expect(text).not.toContain('backup')
    expect(text.split('\n')[0]).toMatch(/^Good morning/)
  })

  it('with no backup at all: quiet the first day, stale once the server has run a day', async () => {
    await rm(path.join(dir, 'agency-20261120-080000Z.pgdump'))
    startedAt = new Date('2026-11-23T00:00:00Z')
    clock = new Date('2026-11-23T12:00:00Z')
    expect((await health()).backup).toEqual({ newestAt: null, stale: false })
    clock = new Date('2026-11-24T00:00:00Z')
    expect((await health()).backup).toEqual({ newestAt: null, stale: true })
    expect((await digestText(await status())).split('\n')[0]).toBe(
      "No backup has been taken yet: check the server's backups.",
    )
  })
})
