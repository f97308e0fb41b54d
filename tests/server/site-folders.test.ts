/**
 * The rendered versions' folders shared by the processes of one DATA_DIR (server/site/site-folders.ts):
 * a folder another live process still serves is never removed, however old; one nobody serves goes
 * once its grace has passed; a dead process's lease stops counting; unfinished renders go by age.
 */
import { mkdir, mkdtemp, readdir, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { folderLease, sweepSiteFolders } from '#server/site/site-folders.ts'

const minute = 60_000
const times = { graceMs: 10 * minute, leaseTtlMs: 5 * minute }

describe('the site folders of one DATA_DIR', () => {
  let siteDir: string

  beforeEach(async () => {
    siteDir = await mkdtemp(path.join(tmpdir(), 'agency-site-folders-'))
  })
  afterEach(async () => {
    await rm(siteDir, { recursive: true, force: true })
  })

  /** A rendered folder, `minutesAgo` old. */
  async function folder(name: string, minutesAgo: number): Promise<void> {
    const dir = path.join(siteDir, name)
    await mkdir(path.join(dir, 'contact'), { recursive: true })
    await writeFile(path.join(dir, 'contact', 'index.html'), `<p>${name}</p>`)
    const at = new Date(Date.now() - minutesAgo * minute)
    await utimes(dir, at, at)
  }

  const folders = async () => (await readdir(siteDir)).filter((entry) => !entry.startsWith('.')).sort()

  it('keeps what a live process serves and what was rendered within the grace, removes the rest', async () => {
    await folder('v1-build', 60)
    await folder('v2-build', 50)
    await folder('v3-build', 40)
    await folder('v4-build', 3)
    await folder('v5-build', 1)
    // another process, slow to follow, still serves version 2
    const other = folderLease(siteDir, times)
    await other.mark(['v2-build'])
    // this one serves version 5 and has just left version 4
    const removed = await sweepSiteFolders(siteDir, ['v5-build', 'v4-build'], times)
    expect(removed.sort()).toEqual(['v1-build', 'v3-build'])
    expect(await folders()).toEqual(['v2-build', 'v4-build', 'v5-build'])
    // this one moves on to version 6: version 4, rendered 3 minutes ago, stays within its grace
    await folder('v6-build', 0)
    expect(await sweepSiteFolders(siteDir, ['v6-build', 'v5-build'], times)).toEqual([])
    expect(await folders()).toEqual(['v2-build', 'v4-build', 'v5-build', 'v6-build'])
    // once the other process has moved on, its old folder goes
    await other.mark(['v6-build', 'v2-build'])
    await other.mark(['v6-build'])
    expect(await sweepSiteFolders(siteDir, ['v6-build', 'v5-build'], times)).toEqual(['v2-build'])
    // past the grace, only the folders in use remain
    const later = Date.now() + 11 * minute
    expect((await sweepSiteFolders(siteDir, ['v6-build'], times, later)).sort()).toEqual([
      'v4-build',
      'v5-build',
    ])
    // and once the other process stops, nothing of it is kept beyond the grace
    await other.release()
    await folder('v7-build', 0)
    expect(await sweepSiteFolders(siteDir, ['v7-build'], times, later)).toEqual(['v6-build'])
    expect(await folders()).toEqual(['v7-build'])
  })

  it('stops counting the lease of a process that died without releasing it', async () => {
    await folder('v1-build', 60)
    await folder('v2-build', 30)
    const dead = folderLease(siteDir, times)
    await dead.mark(['v1-build'])
    // within its lifetime it counts
    expect(await sweepSiteFolders(siteDir, ['v2-build'], times)).toEqual([])
    // not rewritten for longer than its lifetime: the process is gone, and so is its folder
    const later = Date.now() + 6 * minute
    expect(await sweepSiteFolders(siteDir, ['v2-build'], times, later)).toEqual(['v1-build'])
    expect(await readdir(path.join(siteDir, '.in-use'))).toEqual([])
  })

  it('rewrites a live lease well before it could look dead, and not at every poll', async () => {
    const live = folderLease(siteDir, times)
    const start = Date.now()
    await live.mark(['v1-build'], start)
    const [name = ''] = await readdir(path.join(siteDir, '.in-use'))
    const lease = path.join(siteDir, '.in-use', name)
    const aged = new Date(start - 4 * minute)
    await utimes(lease, aged, aged)
    // the same folders a poll later: not written again
    await live.mark(['v1-build'], start + 2000)
    expect((await stat(lease)).mtimeMs).toBe(aged.getTime())
    // a fifth of its lifetime after the last write: written again, fresh
    await live.mark(['v1-build'], start + times.leaseTtlMs / 5 + 1)
    expect((await stat(lease)).mtimeMs).toBeGreaterThan(start - 1000)
    // and other folders are written at once
    await utimes(lease, aged, aged)
    await live.mark(['v2-build'], start + times.leaseTtlMs / 5 + 2)
    expect((await stat(lease)).mtimeMs).toBeGreaterThan(start - 1000)
  })

  it('leaves no lease behind once released, even from a mark still being written', async () => {
    const lease = folderLease(siteDir, times)
    await lease.mark(['v1-build'])
    const writing = lease.mark(['v2-build'])
    await lease.release()
    await writing
    await lease.mark(['v3-build'])
    expect(await readdir(path.join(siteDir, '.in-use'))).toEqual([])
  })

  it('removes an unfinished render only once it is older than the grace', async () => {
    await folder('v3-build.tmp-123-abcd', 30)
    await folder('v4-build.tmp-456-ef01', 0)
    expect(await sweepSiteFolders(siteDir, [], times)).toEqual(['v3-build.tmp-123-abcd'])
    expect(await folders()).toEqual(['v4-build.tmp-456-ef01'])
  })
})
