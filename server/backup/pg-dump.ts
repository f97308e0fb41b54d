/**
 * The PostgreSQL backup: `pg_dump --format=custom` (what `pg_restore` reads) streamed into a backup
 * file, never whole in memory. The password travels in pg_dump's environment (PGPASSWORD), not on
 * its command line, where any user of the machine could read it in the process list.
 */
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { pipeline } from 'node:stream/promises'

/** pg_dump could not be started: it is not installed, or not on the server's PATH. */
export class PgDumpMissingError extends Error {
  constructor() {
    super('pg_dump is not installed (or not on the PATH)')
  }
}

/** At most this much of pg_dump's error output is kept for the log. */
const stderrLimit = 2000

/** pg_dump's connection: the URL without its password, and the password as PGPASSWORD. */
function connection(databaseUrl: string, env: NodeJS.ProcessEnv): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl)
  const password = decodeURIComponent(url.password)
  url.password = ''
  return { dbname: url.toString(), env: password ? { ...env, PGPASSWORD: password } : env }
}

/** Dumps the database at `databaseUrl` into `file` (an existing, owner-only file it overwrites). */
export async function pgDumpInto(
  databaseUrl: string,
  file: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  const target = connection(databaseUrl, env)
  const child = spawn('pg_dump', ['--format=custom', '--no-password', `--dbname=${target.dbname}`], {
    env: target.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stderr = ''
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-stderrLimit)
  })
  const exited = new Promise<number | null>((resolve, reject) => {
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new PgDumpMissingError() : error),
    )
    child.once('close', resolve)
  })
  const [code] = await Promise.all([exited, pipeline(child.stdout, createWriteStream(file, { flags: 'r+' }))])
  if (code !== 0) throw new Error(`pg_dump failed (exit code ${code}): ${stderr.trim()}`)
}
