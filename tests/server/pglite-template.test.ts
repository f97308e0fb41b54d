/**
 * A new embedded database starts as a copy of a migrated template (decision 042): a first start on
 * a new DATA_DIR runs neither initdb nor the migrations the template holds, gets a database of its
 * own, still applies a migration newer than the template, and a copy cut short is made again.
 */
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, inject, it } from 'vitest'
import { migrationsDir, runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'

const scratch: string[] = []

async function newFolder(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `agency-${name}-`))
  scratch.push(dir)
  return dir
}

afterEach(async () => {
  for (const dir of scratch.splice(0)) await rm(dir, { recursive: true, force: true })
})

describe('a new embedded database from the migrated template', () => {
  // The run's template (tests/server/helpers/global-setup.ts): the build's when it is current.
  const template = inject('pgliteTemplate')

  it('opens with every migration applied, and is a database of its own', async () => {
    const dataDir = path.join(await newFolder('first-start'), 'pglite')
    const db = await openPgliteDatabase(dataDir, { template })
    try {
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name')
      const files = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort()
      expect(applied.map((row) => row.name)).toEqual(files)
      expect(await runMigrations(db)).toEqual([])
      await db.query(`INSERT INTO staff_audit (actor_email, action, target_email) VALUES ('a', 'add', 'b')`)
    } finally {
      await db.close()
    }
    // The template itself is untouched: the next new folder starts empty.
    const next = await openPgliteDatabase(path.join(await newFolder('second'), 'pglite'), { template })
    try {
      expect(await next.query('SELECT 1 FROM staff_audit')).toEqual([])
    } finally {
      await next.close()
    }
  })

  it('still applies a migration newer than the template', async () => {
    const migrations = await newFolder('migrations')
    await cp(migrationsDir, migrations, { recursive: true })
    await writeFile(path.join(migrations, '999-newer-than-the-template.sql'), 'CREATE TABLE newer (id int);')
    const db = await openPgliteDatabase(path.join(await newFolder('upgrade'), 'pglite'), { template })
    try {
      expect(await runMigrations(db, migrations)).toEqual(['999-newer-than-the-template.sql'])
      expect(await db.query('SELECT id FROM newer')).toEqual([])
    } finally {
      await db.close()
    }
  })

  it('copies the template again over a copy cut short (no PG_VERSION yet)', async () => {
    const dataDir = path.join(await newFolder('cut-short'), 'pglite')
    await cp(template, dataDir, {
      recursive: true,
      filter: (source) => path.basename(source) !== 'PG_VERSION',
    })
    await rm(path.join(dataDir, 'base'), { recursive: true })
    const db = await openPgliteDatabase(dataDir, { template })
    try {
      expect(await runMigrations(db)).toEqual([])
      expect(await db.query('SELECT count(*)::int AS n FROM leads')).toEqual([{ n: 0 }])
    } finally {
      await db.close()
    }
  })
})
