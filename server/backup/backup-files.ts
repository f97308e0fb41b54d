/**
 * Backup files on disk: their names (which say when and of which kind), an atomic write (a reader
 * never sees half a backup), and the retention count (BACKUP_KEEP).
 */
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'

export type BackupKind = 'pglite' | 'pgdump'

const extensions: Record<BackupKind, string> = { pglite: '.pglite.tar.gz', pgdump: '.pgdump' }
const backupName = /^agency-\d{8}-\d{6}Z\.(pglite\.tar\.gz|pgdump)$/

/** agency-20261123-030000Z.pglite.tar.gz: sorts by time, says what it holds. */
export function backupFileName(kind: BackupKind, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace('T', '-')
    .replace(/\.\d+Z$/, 'Z')
  return `agency-${stamp}${extensions[kind]}`
}

/** What a file holds, from its first bytes: a gzip (PGlite's tarball) or pg_dump's custom format. */
export function backupKindOf(head: Uint8Array): BackupKind | undefined {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite'
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'pgdump'
  return undefined
}

/**
 * A backup holds every lead: its folder, when this makes it, is the owner's only (0700), whatever
 * the umask of the shell or service that runs it.
 */
export async function makeBackupDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 })
}

/**
 * Writes aside, then renames into place: the file exists whole or not at all, readable by its owner
 * only. `write` fills the `.partial` file, made new and 0600 here (whatever the umask; a partial
 * file left by a crash, whatever its mode, is removed first).
 */
export async function writeBackupWith(
  file: string,
  write: (partial: string) => Promise<void>,
): Promise<number> {
  await makeBackupDir(path.dirname(file))
  const partial = `${file}.partial`
  try {
    await rm(partial, { force: true })
    await (await open(partial, 'wx', 0o600)).close()
    await write(partial)
    await rename(partial, file)
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  }
  return (await stat(file)).size
}

/** A backup held in memory (the embedded database's snapshot), written atomically. */
export function writeBackupFile(file: string, content: Blob): Promise<number> {
  return writeBackupWith(file, async (partial) => {
    const handle = await open(partial, 'r+')
    try {
      await handle.writeFile(Buffer.from(await content.arrayBuffer()))
    } finally {
      await handle.close()
    }
  })
}

/** The backups in `dir`, newest first (only files this program named). */
async function listBackups(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[]
    throw error
  })
  return names
    .filter((name) => backupName.test(name))
    .sort()
    .reverse()
}

/** When the newest backup was taken (from its name), or undefined when there is none. */
export async function newestBackupTime(dir: string): Promise<Date | undefined> {
  const [newest] = await listBackups(dir)
  const match = newest && /^agency-(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})Z/.exec(newest)
  if (!match) return undefined
  const [, y, mo, d, h, mi, s] = match
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`)
}

/** Deletes all but the newest `keep` backups; returns the names deleted. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const extra = (await listBackups(dir)).slice(Math.max(0, keep))
  for (const name of extra) await rm(path.join(dir, name), { force: true })
  return extra
}
