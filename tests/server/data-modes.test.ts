/**
 * The embedded database's files and its backups are the owner's only, and a backup unpacks only
 * where it is unpacked: PGlite writes its initdb's files 0666 and its snapshot's tar entries 0666
 * under absolute names, so `tar xzf` as root made world-writable files (issue 43). The data folder
 * after a first start and after a backup, and every entry of the backup, are listed here.
 */
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { PGlite } from '@electric-sql/pglite'
import { afterEach, describe, expect, it } from 'vitest'
import { takeEmbeddedBackup } from '#server/backup/backup-job.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'

/** Each file and folder under `dir` with its mode, e.g. 'f600 base/1/112'. */
async function modes(dir: string): Promise<string[]> {
  const listed: string[] = []
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const full = path.join(entry.parentPath, entry.name)
    const mode = ((await stat(full)).mode & 0o777).toString(8)
    listed.push(`${entry.isDirectory() ? 'd' : 'f'}${mode} ${path.relative(dir, full)}`)
  }
  return listed
}

/** Each entry of a ustar archive: its name (with its prefix), its mode and its type. */
function tarEntries(tar: Buffer): { name: string; mode: number; directory: boolean }[] {
  const entries = []
  const field = (offset: number, length: number, at: number) =>
    tar
      .subarray(at + offset, at + offset + length)
      .toString('latin1')
      .replace(/\0.*$/s, '')
  for (let at = 0; at + 512 <= tar.length && tar[at] !== 0; ) {
    const prefix = field(345, 155, at)
    entries.push({
      name: prefix ? `${prefix}/${field(0, 100, at)}` : field(0, 100, at),
      mode: Number.parseInt(field(100, 8, at), 8),
      directory: field(156, 1, at) === '5',
    })
    at += 512 + Math.ceil(Number.parseInt(field(124, 12, at), 8) / 512) * 512
  }
  return entries
}

describe('the embedded database’s files and backups', () => {
  const cleanups: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  it('are 0600 (folders 0700) after a first start and a backup, the archive’s entries too, with relative names', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'agency-modes-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const pgliteDir = path.join(dataDir, 'pglite')
    const db = await openPgliteDatabase(pgliteDir)
    cleanups.push(() => db.close())
    await db.exec("CREATE TABLE kept (word text); INSERT INTO kept VALUES ('still here')")
    const loose = (listed: string[]) => listed.filter((line) => !/^(f600|d700) /.test(line))

    const afterStart = await modes(pgliteDir)
    expect(afterStart.length).toBeGreaterThan(500)
    expect(loose(afterStart)).toEqual([])
    expect(((await stat(pgliteDir)).mode & 0o777).toString(8)).toBe('700')

    const backupDir = path.join(dataDir, 'backups')
    const { file } = await takeEmbeddedBackup(db, backupDir, 14, new Date('2026-11-23T03:00:00Z'))
    await db.close()
    cleanups.pop()
    expect(loose(await modes(pgliteDir))).toEqual([])
    expect(await modes(backupDir)).toEqual([`f600 ${path.basename(file)}`])
    expect(((await stat(backupDir)).mode & 0o777).toString(8)).toBe('700')

    const bytes = await readFile(file)
    const entries = tarEntries(gunzipSync(bytes))
    expect(entries.map((entry) => entry.name)).toContain('PG_VERSION')
    for (const entry of entries) {
      expect(entry.name, entry.name).not.toMatch(/^\/|(^|\/)\.\.(\/|$)/)
      expect(entry.mode.toString(8), entry.name).toBe(entry.directory ? '700' : '600')
    }

    // The rewritten archive still restores (as scripts/restore.ts loads it).
    const restoredDir = path.join(dataDir, 'restored')
    const loaded = await PGlite.create({ dataDir: restoredDir, loadDataDir: new Blob([bytes]) })
    await loaded.close()
    const restored = await openPgliteDatabase(restoredDir)
    cleanups.push(() => restored.close())
    expect(await restored.query('SELECT word FROM kept')).toEqual([{ word: 'still here' }])
  }, 180_000)
})
