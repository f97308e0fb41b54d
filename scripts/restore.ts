/**
 * `npm run restore -- FILE [--force]`: loads a backup made by `npm run backup` (or the nightly job)
 * into an empty database: the embedded one in DATA_DIR/pglite, or DATABASE_URL's. A database that
 * already holds data is refused unless --force is given: then the embedded folder is moved aside
 * (never deleted) and a PostgreSQL database has its objects replaced (pg_restore --clean).
 * Stop the server first; start it again afterwards.
 *
 * The restored database is brought up to this version's schema, and every notification and webhook
 * it had not delivered is held (holdUndeliveredJobs in server/leads/lead-jobs.ts,
 * holdUndeliveredWebhooks in server/webhooks/webhook-delivery.ts): the agency and its CRM most
 * likely got them before the snapshot was restored, so an owner decides on the desk whether to
 * send them again.
 * A backup whose SSN and EIN are encrypted under another key than this server's (LEAD_ENCRYPTION_KEY,
 * or DATA_DIR/lead-encryption-key) is refused before anything is replaced: the backup holds a keyed
 * check value of its key (server/security/encryption-key-check.ts), compared with this key's.
 * Every refusal or failure is one line and exit code 1; files are created for the owner only.
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { getFormDefinition } from '#forms/registry.ts'
import { type BackupKind, backupKindOf } from '#server/backup/backup-files.ts'
import { readServerControl } from '#server/backup/server-control.ts'
import { loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { build, countRows, run } from '#server/db/query-builder.ts'
import { holdUndeliveredJobs } from '#server/leads/lead-jobs.ts'
import { keyCheckValue, otherKeyReason } from '#server/security/encryption-key-check.ts'
import { holdUndeliveredWebhooks } from '#server/webhooks/webhook-delivery.ts'
import { CommandError, filesAndForce, oneLine, runCommand } from './command-line.ts'

const usage = `npm run restore -- FILE [--force]

Loads a backup into an empty database: DATA_DIR/pglite, or DATABASE_URL's.
--force: restore over a database that holds data (the embedded folder is moved aside,
a PostgreSQL database has its tables replaced). Stop the server first.`

async function main(argv: string[]): Promise<void> {
  const { help, force, files } = filesAndForce(
    argv,
    (flag) => `Unknown option ${flag} (npm run restore -- --help).`,
  )
  if (help) return console.log(usage)
  const [file, ...extra] = files
  if (!file || extra.length > 0)
    throw new CommandError('Name one backup file: npm run restore -- FILE [--force] (--help explains).')
  const kind = await kindOf(path.resolve(file))
  const config = loadConfig()
  if (kind === 'pglite') {
    if (config.databaseUrl) {
      throw new CommandError(
        'This is a backup of the embedded database, and DATABASE_URL is set. Unset DATABASE_URL to restore it into DATA_DIR.',
      )
    }
    await restoreEmbedded(path.resolve(file), config.dataDir, force, config.encryptionKey)
  } else {
    if (!config.databaseUrl) {
      throw new CommandError(
        'This is a pg_dump backup of a PostgreSQL database: set DATABASE_URL to the (empty) database to load it into.',
      )
    }
    await restorePostgres(path.resolve(file), config.databaseUrl, force, config.encryptionKey)
  }
}

async function kindOf(file: string): Promise<BackupKind> {
  const handle = await open(file).catch(() => {
    throw new CommandError(`Cannot read ${file}.`)
  })
  try {
    const head = new Uint8Array(8)
    await handle.read(head, 0, 8, 0).catch(() => {
      throw new CommandError(`Cannot read ${file} (is it a file?).`)
    })
    const kind = backupKindOf(head)
    if (!kind) throw new CommandError(`${file} is not a backup made by npm run backup.`)
    return kind
  } finally {
    await handle.close()
  }
}

/**
 * Refuses a backup whose check value is another key's. A backup with none (taken before the check
 * existed, or of a database no server had started on) cannot be checked and is restored.
 */
function refuseOtherKey(backupCheck: string | undefined, key: Buffer): void {
  if (backupCheck !== undefined && backupCheck !== keyCheckValue(key))
    throw new CommandError(`${otherKeyReason('This backup')}; nothing was changed.`)
}

/**
 * Loads a PGlite tarball into `folder` (made new) and returns the key check value it holds, or
 * undefined. A file PGlite cannot load leaves no folder behind.
 */
async function loadEmbeddedBackup(file: string, folder: string): Promise<string | undefined> {
  await rm(folder, { recursive: true, force: true })
  try {
    const pg = await PGlite.create({ dataDir: folder, loadDataDir: new Blob([await readFile(file)]) })
    try {
      const [table] = (
        await pg.query<{ name: string | null }>(`SELECT to_regclass('encryption_key_check')::text AS name`)
      ).rows
      if (!table?.name) return undefined
      const [row] = (await pg.query<{ check_value: string }>('SELECT check_value FROM encryption_key_check'))
        .rows
      return row?.check_value
    } finally {
      await pg.close()
    }
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw new CommandError(`${file} could not be loaded (${oneLine(error)}); nothing was changed.`)
  }
}

async function restoreEmbedded(file: string, dataDir: string, force: boolean, key: Buffer): Promise<void> {
  const target = path.join(dataDir, 'pglite')
  const control = readServerControl(dataDir)
  if (control && isRunning(control.pid)) {
    throw new CommandError(`The server (process ${control.pid}) has ${target} open. Stop the server first.`)
  }
  if (!force && existsSync(path.join(target, 'postmaster.pid'))) {
    throw new CommandError(
      `The embedded database in ${target} looks in use: stop the server first (if none runs, it was killed and left its lock behind: add --force).`,
    )
  }
  const entries = await readdir(target).catch(() => [] as string[])
  if (entries.length > 0 && !force) {
    throw new CommandError(
      `${target} is not empty: restoring would replace its data (add --force to move it aside, kept next to it).`,
    )
  }
  // A DATA_DIR that does not exist yet (a new machine) is made, for this user only.
  await mkdir(dataDir, { recursive: true, mode: 0o700 })
  // Loaded beside the target first: the current database is touched only once the backup is known good.
  const loaded = `${target}.restoring-${process.pid}`
  const backupKey = await loadEmbeddedBackup(file, loaded)
  try {
    refuseOtherKey(backupKey, key)
  } catch (error) {
    await rm(loaded, { recursive: true, force: true })
    throw error
  }
  if (entries.length > 0) {
    const aside = `${target}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`
    await rename(target, aside)
    console.log(`Moved the existing database aside to ${aside}`)
  } else {
    await rm(target, { recursive: true, force: true })
  }
  await rename(loaded, target)
  const db = await openPgliteDatabase(target)
  try {
    const { leads, ...held } = await prepareRestored(db)
    console.log(
      `Restored ${file} into ${target}: ${leads} leads. ${heldLine(held)} Start the server to use it.`,
    )
  } finally {
    await db.close()
  }
}

/**
 * Brings the restored database to this version's schema (the server would at its start; the held
 * state needs it now), then holds every notification and webhook the snapshot had not delivered.
 */
async function prepareRestored(db: Database): Promise<{ leads: number } & Held> {
  await runMigrations(db)
  const held = await holdUndeliveredJobs(db)
  const heldWebhooks = await holdUndeliveredWebhooks(db, getFormDefinition)
  const [row] = await run(db, build.selectFrom('leads').select(countRows().as('leads')))
  return { leads: row?.leads ?? 0, held, heldWebhooks }
}

interface Held {
  held: number
  heldWebhooks: number
}

function heldLine({ held, heldWebhooks }: Held): string {
  const parts = [
    held > 0 && `${held} notification${held === 1 ? '' : 's'}`,
    heldWebhooks > 0 && `${heldWebhooks} webhook${heldWebhooks === 1 ? '' : 's'}`,
  ].filter((part) => part !== false)
  if (parts.length === 0) return 'Every notification and webhook in it had been sent.'
  const were = held + heldWebhooks === 1 ? 'was' : 'were'
  return `${parts.join(' and ')} ${were} not sent when the backup was taken: they are held, not sent again, until an owner sends or discards them at /admin/held-notifications.`
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * The check value a pg_dump file holds, read by pg_restore as the COPY of its one table (nothing is
 * restored); undefined when the dump has no such table or row.
 */
function dumpKeyCheck(file: string): string | undefined {
  const listed = spawnSync('pg_restore', ['--data-only', '--table=encryption_key_check', '--file=-', file], {
    encoding: 'utf8',
    maxBuffer: 1024 * 1024,
  })
  if (listed.status !== 0)
    throw new CommandError(
      `${file} could not be read by pg_restore (${oneLine(listed.stderr)}); nothing was changed.`,
    )
  const lines = listed.stdout.split('\n')
  const copy = lines.findIndex((line) => /^COPY \S*encryption_key_check \(/.test(line))
  if (copy < 0) return undefined
  const columns = /\(([^)]*)\)/.exec(lines[copy] ?? '')?.[1]?.split(', ') ?? []
  const values = lines[copy + 1]
  if (values === undefined || values === '\\.') return undefined
  return values.split('\t')[columns.indexOf('check_value')]
}

async function restorePostgres(
  file: string,
  databaseUrl: string,
  force: boolean,
  key: Buffer,
): Promise<void> {
  if (spawnSync('pg_restore', ['--version']).error) {
    throw new CommandError(
      'pg_restore is not installed. On Debian or Ubuntu: sudo apt-get install postgresql-client',
    )
  }
  const db = await connect(databaseUrl)
  let tables = 0
  try {
    const [row] = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    )
    tables = row?.n ?? 0
  } finally {
    await db.close()
  }
  if (tables > 0 && !force) {
    throw new CommandError(
      `The database at DATABASE_URL is not empty (${tables} tables): restoring would replace its data (restore into a new, empty database, or add --force to replace these tables).`,
    )
  }
  refuseOtherKey(dumpKeyCheck(file), key)
  const args = [
    '--no-owner',
    '--no-privileges',
    '--exit-on-error',
    '--single-transaction',
    `--dbname=${databaseUrl}`,
  ]
  if (tables > 0) args.push('--clean', '--if-exists')
  const run = spawnSync('pg_restore', [...args, file], { stdio: ['ignore', 'inherit', 'inherit'] })
  if (run.status !== 0)
    throw new CommandError('pg_restore failed (its message is above); the database was left as it was.')
  const restored = await connect(databaseUrl)
  try {
    const { leads, ...held } = await prepareRestored(restored)
    console.log(`Restored ${file} into the database at DATABASE_URL: ${leads} leads. ${heldLine(held)}`)
  } finally {
    await restored.close()
  }
}

/** The database at DATABASE_URL, or one line saying why it cannot be reached (never its password). */
async function connect(databaseUrl: string): Promise<Database> {
  try {
    return await openPostgresDatabase(databaseUrl)
  } catch (error) {
    throw new CommandError(`Cannot use the database at DATABASE_URL: ${oneLine(error)}.`)
  }
}

// Whatever this creates (DATA_DIR, the database's files) is for this user only.
process.umask(0o077)
await runCommand('Restore', () => main(process.argv.slice(2)))
