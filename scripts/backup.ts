/**
 * `npm run backup [-- FILE]`: a consistent snapshot of the site's database, taken while the server
 * runs (docs/contracts.md, "Commands"). Without FILE it goes to BACKUP_DIR (default DATA_DIR/backups).
 *
 * - Embedded database: the running server holds it (only one process may open it), so the command
 *   asks that server for a snapshot over loopback (server/routes/backup.ts); with no server
 *   running it opens the directory itself. The file is a gzipped tarball PGlite loads.
 * - DATABASE_URL: pg_dump's custom format (pg_restore reads it), when pg_dump is installed.
 *
 * The encryption key (LEAD_ENCRYPTION_KEY, or DATA_DIR/lead-encryption-key in development) is never
 * in a backup: keep it apart (docs/operations.md, "Backups and restore").
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  type BackupKind,
  backupFileName,
  makeBackupDir,
  writeBackupFile,
} from '#server/backup/backup-files.ts'
import { takeEmbeddedBackup } from '#server/backup/backup-job.ts'
import { readServerControl } from '#server/backup/server-control.ts'
import { type Config, loadConfig } from '#server/config.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { CommandError, filesAndForce, runCommand } from './command-line.ts'

const usage = `npm run backup [-- FILE] [--force]

Writes a snapshot of the database: to FILE, or to BACKUP_DIR (default DATA_DIR/backups).
Embedded database: asks the running server for it, or opens the folder when no server runs
(--force: when a server was killed and left its lock behind). DATABASE_URL: runs pg_dump.`

async function main(argv: string[]): Promise<void> {
  const { help, force, files } = filesAndForce(argv, (flag) => `Unknown option ${flag}.\n\n${usage}`)
  if (help) return console.log(usage)
  if (files.length > 1) throw new CommandError(`One file at most.\n\n${usage}`)
  const config = loadConfig()
  const kind: BackupKind = config.databaseUrl ? 'pgdump' : 'pglite'
  const file = path.resolve(files[0] ?? path.join(config.backup.dir, backupFileName(kind, new Date())))
  const bytes = config.databaseUrl
    ? await pgDump(config.databaseUrl, file)
    : await embeddedBackup(config, file, force)
  console.log(`Backup written: ${file} (${(bytes / 1024 / 1024).toFixed(1)} MB)`)
}

async function embeddedBackup(config: Config, file: string, force: boolean): Promise<number> {
  const control = readServerControl(config.dataDir)
  if (control) {
    const response = await fetch(`${control.url}/internal/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${control.token}` },
    }).catch(() => undefined)
    if (response?.ok) {
      return writeBackupFile(file, await response.blob())
    }
    if (response) {
      throw new CommandError(
        `The running server (${control.url}) refused the backup: HTTP ${response.status}.`,
      )
    }
    // No answer: the server that wrote the file is gone (killed); fall through to opening the folder.
  }
  const pgliteDir = path.join(config.dataDir, 'pglite')
  if (!existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
    throw new CommandError(`There is no embedded database in ${pgliteDir} (is DATA_DIR right?).`)
  }
  if (!force && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    throw new CommandError(
      `The embedded database in ${pgliteDir} is in use, but no running server answered.\n` +
        'If no server is running (it was killed and left its lock behind), add --force.',
    )
  }
  const db = await openPgliteDatabase(pgliteDir)
  try {
    // Written under its final name by the same atomic write the nightly job uses.
    const taken = await takeEmbeddedBackup(db, path.dirname(file), Number.POSITIVE_INFINITY, new Date())
    if (taken.file !== file) await rename(taken.file, file)
    return taken.bytes
  } finally {
    await db.close()
  }
}

async function pgDump(databaseUrl: string, file: string): Promise<number> {
  if (spawnSync('pg_dump', ['--version']).error) {
    throw new CommandError(
      'pg_dump is not installed. On Debian or Ubuntu: sudo apt-get install postgresql-client\n' +
        "(its major version must be at least the server's; PostgreSQL's own apt repository has every version).",
    )
  }
  const partial = `${file}.partial`
  await makeBackupDir(path.dirname(file))
  const run = spawnSync(
    'pg_dump',
    ['--format=custom', '--no-owner', `--file=${partial}`, `--dbname=${databaseUrl}`],
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  )
  if (run.status !== 0) {
    await rm(partial, { force: true })
    throw new CommandError('pg_dump failed (its message is above); no backup was written.')
  }
  // pg_dump creates the file under the umask set below; said again in case it ever does not.
  await chmod(partial, 0o600)
  await rename(partial, file)
  return (await stat(file)).size
}

// A backup holds every lead: whatever this creates (the file, its folder, pg_dump's output) is
// for this user only, whatever the shell's umask.
process.umask(0o077)
await runCommand('Backup', () => main(process.argv.slice(2)))
