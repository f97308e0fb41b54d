/**
 * The rendered versions' folders in DATA_DIR/site, which every server process using that DATA_DIR
 * shares (docs/decisions/043-site-folders.md). A process may still serve an older version than the
 * newest (it has not polled yet, or it is slow to render), so a folder is removed only when
 *  - no live process names it in its lease: each process writes the folders it serves (the current
 *    one and the one before) to `.in-use/<process>.json` and rewrites that file while it lives; a
 *    lease not rewritten for `leaseTtlMs` belongs to a process that died, and is dropped;
 *  - and it was rendered more than `graceMs` ago (a process that has just rendered or found it may
 *    not have written its lease yet; requests may still be reading the folder it switched from).
 * Unfinished renders (`….tmp-…`) are removed by age alone.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import path from 'node:path'

const leasesFolder = '.in-use'

export interface FolderTimes {
  /** How long a folder is kept after it was rendered, whoever uses it. */
  graceMs: number
  /** How long a lease counts without being rewritten. */
  leaseTtlMs: number
}

export const defaultFolderTimes: FolderTimes = { graceMs: 10 * 60_000, leaseTtlMs: 5 * 60_000 }

/** This process's lease on the folders it serves. */
export interface FolderLease {
  /** Names (not paths) of the folders in use here now; rewrites the lease when due or changed. */
  mark(folders: readonly string[], now?: number): Promise<void>
  /** No folder in use here any more (the process stops); later marks write nothing. */
  release(): Promise<void>
}

export function folderLease(siteDir: string, times: FolderTimes = defaultFolderTimes): FolderLease {
  const file = path.join(
    siteDir,
    leasesFolder,
    `${hostname()}-${process.pid}-${randomBytes(4).toString('hex')}.json`,
  )
  let written = { folders: '', at: Number.NEGATIVE_INFINITY }
  let released = false
  return {
    async mark(folders, now = Date.now()) {
      if (released) return
      const listed = JSON.stringify([...folders].sort())
      // rewritten well within its lifetime, so a live process's lease never looks stale
      if (listed === written.folders && now - written.at < times.leaseTtlMs / 5) return
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      const temporary = `${file}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(temporary, listed)
      await rename(temporary, file)
      written = { folders: listed, at: now }
      // released while this was being written (the process stops): no lease left behind
      if (released) await rm(file, { force: true })
    },
    async release() {
      released = true
      await rm(file, { force: true })
    },
  }
}

async function ageMs(file: string, now: number): Promise<number | undefined> {
  try {
    return now - (await stat(file)).mtimeMs
  } catch {
    return undefined
  }
}

/** The folders named by live leases; stale leases (and unfinished lease files) are removed. */
async function leasedFolders(siteDir: string, times: FolderTimes, now: number): Promise<Set<string>> {
  const dir = path.join(siteDir, leasesFolder)
  const inUse = new Set<string>()
  for (const entry of await readdir(dir).catch(() => [])) {
    const file = path.join(dir, entry)
    const age = await ageMs(file, now)
    if (age === undefined) continue
    if (age > times.leaseTtlMs) {
      await rm(file, { force: true })
      continue
    }
    if (!entry.endsWith('.json')) continue
    try {
      for (const folder of JSON.parse(await readFile(file, 'utf8')) as string[]) inUse.add(folder)
    } catch {
      // being replaced right now (its writer renames a whole new file in): counts at the next sweep
    }
  }
  return inUse
}

/**
 * Removes the folders of `siteDir` nobody may still serve; `keep` are this process's (names).
 * Returns the names removed.
 */
export async function sweepSiteFolders(
  siteDir: string,
  keep: readonly string[],
  times: FolderTimes = defaultFolderTimes,
  now = Date.now(),
): Promise<string[]> {
  const inUse = await leasedFolders(siteDir, times, now)
  const removed: string[] = []
  for (const entry of await readdir(siteDir).catch(() => [])) {
    if (entry.startsWith('.') || keep.includes(entry) || inUse.has(entry)) continue
    const age = await ageMs(path.join(siteDir, entry), now)
    if (age === undefined || age < times.graceMs) continue
    await rm(path.join(siteDir, entry), { recursive: true, force: true })
    removed.push(entry)
  }
  return removed
}
