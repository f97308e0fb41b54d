/**
 * Backups and restore as an operator runs them from a shell: what they and the server create is the
 * owner's only (whatever the shell's umask), a restore into a DATA_DIR that does not exist yet
 * makes it, and every refusal is one line with exit code 1, never a stack trace.
 */
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runScript, startLeadLoad } from './helpers/lead-load.ts'
import { createScratchDatabase } from './helpers/postgres-server.ts'
import { startServerProcess, waitFor } from './helpers/server-process.ts'

const ipHashSalt = 'restore-files-salt-0123456789'

const cleanups: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
})

async function scratchDir(name: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `agency-${name}-`))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

/**
 * Every file and folder under `dir` (itself included) whose mode lets another user in. Inside the
 * embedded database's folder (0700, checked) PGlite sets its files' modes itself; no other user
 * can reach them.
 */
async function openToOthers(dir: string): Promise<string[]> {
  const found: string[] = []
  const mode = (await stat(dir)).mode & 0o777
  if (mode & 0o077) found.push(`${dir} ${mode.toString(8)}`)
  if (path.basename(dir) === 'pglite') return found
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) found.push(...(await openToOthers(full)))
    else if ((await stat(full)).mode & 0o077)
      found.push(`${full} ${((await stat(full)).mode & 0o777).toString(8)}`)
  }
  return found
}

/** One line on stderr or stdout, and no stack trace. */
function expectOneLine(output: string): void {
  expect(output.trim().split('\n'), output).toHaveLength(1)
  expect(output).not.toMatch(/^\s+at /m)
}

describe('owner-only files', () => {
  it('the server and npm run backup create nothing another user can read (embedded database)', async () => {
    // A shell's usual umask lets every user read new files: the server must not rely on it.
    expect(process.umask() & 0o077).not.toBe(0o077)
    const dataDir = path.join(await scratchDir('modes'), 'data')
    const env = {
      DATA_DIR: dataDir,
      IP_HASH_SALT: ipHashSalt,
      SUBMIT_RATE_LIMIT: '100000/1s',
      DELIVERY_POLL_MS: '50',
    }
    const server = await startServerProcess({ env, timeoutMs: 90_000 })
    cleanups.push(() => server.kill())
    const load = startLeadLoad({ url: server.url, ipHashSalt, prefix: 'modes', concurrency: 1 })
    await load.untilAcknowledged(1)
    await load.stop()
    // The notification written as an .eml file (no SMTP_URL).
    await waitFor(async () => (await readdir(path.join(dataDir, 'mail')).catch(() => [])).length > 0, {
      what: 'the notification file',
    })
    const backup = await runScript('backup', [], { DATA_DIR: dataDir, IP_HASH_SALT: ipHashSalt })
    expect(backup.code, backup.output).toBe(0)
    const [file] = await readdir(path.join(dataDir, 'backups'))
    expect(file).toBeDefined()
    expect(await readdir(dataDir)).toEqual(
      expect.arrayContaining(['pglite', 'mail', 'backups', 'lead-encryption-key', 'server-control.json']),
    )
    expect(await openToOthers(dataDir)).toEqual([])
    await server.stop()
  }, 180_000)

  it('a pg_dump backup is the owner’s only, in a folder of its own', async () => {
    const scratch = await createScratchDatabase()
    cleanups.push(() => scratch.drop())
    const dir = await scratchDir('pgdump')
    const file = path.join(dir, 'nightly', 'agency.pgdump')
    const backup = await runScript('backup', [file], {
      DATA_DIR: dir,
      DATABASE_URL: scratch.url,
      IP_HASH_SALT: ipHashSalt,
    })
    expect(backup.code, backup.output).toBe(0)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect((await stat(path.dirname(file))).mode & 0o777).toBe(0o700)
  }, 60_000)
})

describe('restore', () => {
  it('makes a DATA_DIR that does not exist yet and restores into it', async () => {
    const source = await scratchDir('restore-source')
    const env = { DATA_DIR: source, IP_HASH_SALT: ipHashSalt }
    const server = await startServerProcess({
      env: { ...env, SUBMIT_RATE_LIMIT: '100000/1s' },
      timeoutMs: 90_000,
    })
    cleanups.push(() => server.kill())
    const load = startLeadLoad({ url: server.url, ipHashSalt, prefix: 'new-dir', concurrency: 1 })
    await load.untilAcknowledged(2)
    await load.stop()
    const file = path.join(source, 'copy.backup')
    expect((await runScript('backup', [file], env)).code).toBe(0)
    await server.stop()

    const dataDir = path.join(await scratchDir('restore-target'), 'srv', 'agency', 'data')
    // The key the backup's SSN and EIN were encrypted with (the source's development key): without
    // it the new DATA_DIR would make a key of its own, and the restore is refused (backup.test.ts).
    const key = (await readFile(path.join(source, 'lead-encryption-key'), 'utf8')).trim()
    const restore = await runScript('restore', [file], {
      DATA_DIR: dataDir,
      IP_HASH_SALT: ipHashSalt,
      LEAD_ENCRYPTION_KEY: key,
    })
    expect(restore.output).toContain(`${load.acknowledged().length} leads`)
    expect(restore.code).toBe(0)
    expect(await openToOthers(dataDir)).toEqual([])
  }, 180_000)

  it('refuses in one line, exit code 1: no file, not a backup, a server running, no PostgreSQL', async () => {
    const dir = await scratchDir('refusals')
    const env = { DATA_DIR: dir, IP_HASH_SALT: ipHashSalt }
    const notBackup = path.join(dir, 'notes.txt')
    await writeFile(notBackup, 'not a backup at all')
    const fakeDump = path.join(dir, 'agency.pgdump')
    await writeFile(fakeDump, 'PGDMP and then nothing')
    const fakeTarball = path.join(dir, 'agency.pglite.tar.gz')
    await writeFile(fakeTarball, Buffer.from([0x1f, 0x8b, 0, 0, 0, 0]))
    // This test's own process stands for the running server that holds the database.
    await writeFile(
      path.join(dir, 'server-control.json'),
      JSON.stringify({ url: 'http://127.0.0.1:9', token: 'x', pid: process.pid }),
    )
    const cases: [string[], Record<string, string>, RegExp][] = [
      [[path.join(dir, 'missing.backup')], env, /Cannot read/],
      [[notBackup], env, /not a backup/],
      [[fakeTarball], env, /Stop the server first/],
      [[], env, /Name one backup file/],
      [
        [fakeDump],
        { ...env, DATABASE_URL: 'postgres://agency@127.0.0.1:1/agency' },
        /Cannot use the database/,
      ],
      [
        [fakeDump],
        { ...env, DATABASE_URL: 'postgres://agency@127.0.0.1:5432/no_such_database_here' },
        /Cannot use the database/,
      ],
    ]
    for (const [args, variables, message] of cases) {
      const run = await runScript('restore', args, variables)
      expect(run.code, run.output).toBe(1)
      expect(run.output).toMatch(message)
      expectOneLine(run.output)
    }
    // A broken tarball, no server in the way: one line, and nothing left half made.
    await rm(path.join(dir, 'server-control.json'))
    const broken = await runScript('restore', [fakeTarball], env)
    expect(broken.code, broken.output).toBe(1)
    expectOneLine(broken.output)
    expect(await readdir(dir)).not.toContain('pglite')
  }, 120_000)
})
