import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { expect } from '@playwright/test'
import { e2eDataDir } from '../../../playwright.config.ts'
import { adminConnectionString, e2eDatabaseName } from './database.ts'

const staffScript = path.join(import.meta.dirname, '..', '..', '..', 'scripts', 'staff.ts')

export interface StaffAccount {
  email: string
  password: string
  /** The display name given, or '' for none. */
  name: string
}

/**
 * A fresh account per test, made as an operator makes one (`staff add`, its password on stdin),
 * whose answer must say it was added: tests run in parallel and never share a lockout or a session.
 */
export async function newStaffAccount({
  owner = false,
  name = '',
  prefix = 'staff',
}: {
  owner?: boolean
  name?: string
  /** The start of the e-mail's local part, to tell the test's account in a log. */
  prefix?: string
} = {}): Promise<StaffAccount> {
  const email = `${prefix}-${randomBytes(4).toString('hex')}@oakridge-insurance.example`
  const password = `e2e password ${randomBytes(6).toString('hex')}`
  const args = [staffScript, 'add', email, ...(owner ? ['--owner'] : []), ...(name ? ['--name', name] : [])]
  const added = await new Promise<string>((resolve, reject) => {
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
  expect(added).toContain(`Added ${email}${name ? ` (${name})` : ''}${owner ? ' as an owner' : ''}.`)
  return { email, password, name }
}

/** Letters only: a word that a search finds in no other test's lead. */
export function uniqueWord(prefix: string): string {
  return `${prefix}${Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')}`
}
