import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { e2eDataDir } from '../../../playwright.config.ts'
import { adminConnectionString, e2eDatabaseName } from './database.ts'

const staffScript = path.join(import.meta.dirname, '..', '..', '..', 'scripts', 'staff.ts')

/**
 * A fresh account per test, made as an operator makes one (`staff add`): tests run in parallel and
 * never share a lockout or a session.
 */
export async function newStaffAccount({
  owner = false,
  name = '',
}: {
  owner?: boolean
  name?: string
} = {}): Promise<{ email: string; password: string }> {
  const email = `staff-${randomBytes(4).toString('hex')}@oakridge-insurance.example`
  const password = `e2e password ${randomBytes(6).toString('hex')}`
  const args = [staffScript, 'add', email, ...(owner ? ['--owner'] : []), ...(name ? ['--name', name] : [])]
  await new Promise<string>((resolve, reject) => {
    const child = execFile(
      process.execPath,
      args,
      {
        env: { ...process.env, DATABASE_URL: adminConnectionString(e2eDatabaseName), DATA_DIR: e2eDataDir },
        timeout: 30_000,
      },
      (error, stdout, stderr) => (error ? reject(new Error(`staff add failed: ${stderr}`)) : resolve(stdout)),
    )
    child.stdin?.end(`${password}\n`)
  })
  return { email, password }
}

/** Letters only: a word that a search finds in no other test's lead. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
}
