import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { migrationsDir, runMigrations } from './migrate.ts'
import { openPgliteDatabase } from './pglite-database.ts'

/**
 * The migrated, empty embedded database that `npm run build` writes (scripts/pglite-template.ts):
 * a first start on a new DATA_DIR copies it instead of running PGlite's initdb and every migration
 * (tens of seconds on a small machine), then applies any migration newer than it, as every start does.
 */
export const builtPgliteTemplate = path.join(import.meta.dirname, '..', '..', 'build', 'pglite-template')

/** What a template is made of, as a SHA-256: PGlite's package.json (its version) and every migration, named and read. */
async function ingredients(): Promise<string> {
  // Read from the project's node_modules: PGlite's exports leave its package.json out.
  const pglite = await readFile(
    path.join(import.meta.dirname, '..', '..', 'node_modules', '@electric-sql', 'pglite', 'package.json'),
  )
  const hash = createHash('sha256').update(pglite)
  for (const name of (await readdir(migrationsDir)).sort()) {
    hash.update(`${name}\n`).update(await readFile(path.join(migrationsDir, name)))
  }
  return hash.digest('hex')
}

/** Whether `dir` holds a template made from today's migrations and PGlite (its stamp beside it says so). */
export async function isCurrentPgliteTemplate(dir: string): Promise<boolean> {
  if (!existsSync(path.join(dir, 'PG_VERSION'))) return false
  return (await readFile(`${dir}.stamp`, 'utf8').catch(() => '')) === (await ingredients())
}

/**
 * Writes a new embedded database at `dir`, every migration applied and nothing else in it (no row
 * of any table, no secret: the data folder's keys live beside the database, not in it), and its
 * stamp at `dir.stamp`. Made beside `dir`, then renamed into place: no reader finds half of one.
 */
export async function writePgliteTemplate(dir: string): Promise<void> {
  const stamp = await ingredients()
  const making = `${dir}.making-${process.pid}`
  await rm(making, { recursive: true, force: true })
  const db = await openPgliteDatabase(making)
  try {
    await runMigrations(db)
  } finally {
    await db.close()
  }
  await rm(`${dir}.stamp`, { force: true })
  await rm(dir, { recursive: true, force: true })
  await rename(making, dir)
  await writeFile(`${dir}.stamp`, stamp)
}
