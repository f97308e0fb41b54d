/**
 * `npm run staff` (scripts/staff.ts) as an operator runs it: a real process on the configured
 * database (the embedded one in DATA_DIR, or DATABASE_URL), the password piped on stdin.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runMigrations } from '../../server/db/migrate.ts'
import { openPgliteDatabase } from '../../server/db/pglite-database.ts'
import { openPostgresDatabase } from '../../server/db/postgres-database.ts'
import { verifyPassword } from '../../server/staff/password-hash.ts'
import { findStaffUserByEmail } from '../../server/staff/staff-accounts.ts'
import { createScratchDatabase, type ScratchDatabase } from './helpers/postgres-server.ts'

const script = path.join(import.meta.dirname, '..', '..', 'scripts', 'staff.ts')

interface Run {
  code: number
  stdout: string
  stderr: string
}

function staff(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((resolve) => {
    const { DATABASE_URL: _ignored, DATA_DIR: _alsoIgnored, ...inherited } = process.env
    const child = execFile(
      process.execPath,
      [script, ...args],
      { env: { ...inherited, NODE_ENV: 'development', ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0
        resolve({ code, stdout, stderr })
      },
    )
    child.stdin?.end(stdin)
  })
}

// Each test runs the command several times, each a process opening the database: slow on a busy machine.
describe('npm run staff on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string
  const env = () => ({ DATA_DIR: dataDir })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-staff-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  async function storedUser(email: string) {
    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    try {
      await runMigrations(db)
      return await findStaffUserByEmail(db, email)
    } finally {
      await db.close()
    }
  }

  it('adds an account with the password from stdin, lists it, refuses a duplicate', async () => {
    const added = await staff(['add', 'Desk@Oakridge-Insurance.example'], env(), 'a long staff password 42\n')
    expect(added).toMatchObject({ code: 0, stderr: '' })
    expect(added.stdout).toContain('Added desk@oakridge-insurance.example.')
    expect(added.stdout).not.toContain('a long staff password 42')

    const user = await storedUser('desk@oakridge-insurance.example')
    expect(user?.passwordHash).toMatch(/^scrypt\$/)
    expect(await verifyPassword('a long staff password 42', user?.passwordHash ?? '')).toBe(true)

    const listed = await staff(['list'], env())
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^desk@oakridge-insurance\.example\tstaff\tcreated /m)

    const again = await staff(['add', 'desk@oakridge-insurance.example'], env(), 'another password 1234\n')
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already exists')
  })

  it('refuses a short password and a bad e-mail, changing nothing', async () => {
    const short = await staff(['add', 'short@oakridge-insurance.example'], env(), 'short\n')
    expect(short.code).toBe(1)
    expect(short.stderr).toContain('at least 12 characters')
    const bad = await staff(['add', 'not-an-email'], env(), 'a long staff password 42\n')
    expect(bad.code).toBe(1)
    expect(await storedUser('short@oakridge-insurance.example')).toBeUndefined()
  })

  it('generates a password, prints it once, and removes the account', async () => {
    const generated = await staff(['add', 'temp@oakridge-insurance.example', '--generate'], env())
    expect(generated.code).toBe(0)
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(generated.stdout)?.[1] ?? ''
    expect(password.length).toBeGreaterThanOrEqual(20)
    const user = await storedUser('temp@oakridge-insurance.example')
    expect(await verifyPassword(password, user?.passwordHash ?? '')).toBe(true)

    expect((await staff(['remove', 'temp@oakridge-insurance.example'], env())).code).toBe(0)
    expect(await storedUser('temp@oakridge-insurance.example')).toBeUndefined()
    const missing = await staff(['remove', 'temp@oakridge-insurance.example'], env())
    expect(missing.code).toBe(1)
    expect(missing.stderr).toContain('There is no staff account')
  })

  it('adds an owner, changes a role, and lists roles; refuses a role it does not know', async () => {
    const owner = await staff(
      ['add', 'boss@oakridge-insurance.example', '--owner'],
      env(),
      'a long owner password 7\n',
    )
    expect(owner).toMatchObject({ code: 0, stderr: '' })
    expect(owner.stdout).toContain('Added boss@oakridge-insurance.example as an owner.')
    expect((await storedUser('boss@oakridge-insurance.example'))?.role).toBe('owner')
    await staff(['add', 'clerk@oakridge-insurance.example'], env(), 'a long clerk password 7\n')
    expect((await storedUser('clerk@oakridge-insurance.example'))?.role).toBe('staff')

    const promoted = await staff(['role', 'clerk@oakridge-insurance.example', 'owner'], env())
    expect(promoted).toMatchObject({ code: 0, stdout: 'clerk@oakridge-insurance.example is now an owner.\n' })
    expect((await storedUser('clerk@oakridge-insurance.example'))?.role).toBe('owner')
    const listed = await staff(['list'], env())
    expect(listed.stdout).toMatch(/^boss@oakridge-insurance\.example\towner\tcreated .*\ttwo-step off$/m)
    expect(listed.stdout).toMatch(/^clerk@oakridge-insurance\.example\towner\t/m)

    const unknown = await staff(['role', 'clerk@oakridge-insurance.example', 'admin'], env())
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('role needs owner or staff after the e-mail.')
    const nobody = await staff(['role', 'ghost@oakridge-insurance.example', 'staff'], env())
    expect(nobody.code).toBe(1)
    expect(nobody.stderr).toContain('There is no staff account for ghost@oakridge-insurance.example.')
  })

  it('says clearly that the server must be stopped while it has the embedded database open', async () => {
    // PGlite keeps postmaster.pid in its folder while a process has it open.
    await mkdir(path.join(dataDir, 'pglite'), { recursive: true })
    await writeFile(path.join(dataDir, 'pglite', 'postmaster.pid'), '-42\n')
    try {
      const refused = await staff(['list'], env())
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain('is in use (is the server running?)')
      expect(refused.stderr).toContain('stop the server')
    } finally {
      await rm(path.join(dataDir, 'pglite', 'postmaster.pid'), { force: true })
    }
  })

  it('explains its usage', async () => {
    const help = await staff([], env())
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('npm run staff -- add <email>')
    const wrong = await staff(['rename', 'a@b.example'], env())
    expect(wrong.code).toBe(2)
  })
})

describe('npm run staff with DATABASE_URL', () => {
  let scratch: ScratchDatabase
  let dataDir: string

  beforeAll(async () => {
    scratch = await createScratchDatabase()
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-staff-pg-'))
  })
  afterAll(async () => {
    await scratch?.drop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('migrates the database and adds the account there', async () => {
    const added = await staff(
      ['add', 'pg@oakridge-insurance.example'],
      { DATABASE_URL: scratch.url, DATA_DIR: dataDir },
      'a long staff password 42',
    )
    expect(added).toMatchObject({ code: 0, stderr: '' })
    const db = await openPostgresDatabase(scratch.url)
    try {
      expect((await findStaffUserByEmail(db, 'pg@oakridge-insurance.example'))?.email).toBe(
        'pg@oakridge-insurance.example',
      )
    } finally {
      await db.close()
    }
  })
})
