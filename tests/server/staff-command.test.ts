/**
 * `npm run staff` (scripts/staff.ts) as an operator runs it, on the configured database (the
 * embedded one in DATA_DIR, or DATABASE_URL), the password piped on stdin. Each command runs in
 * this process through the script's own entry (`staffCommand`), with its environment, standard
 * input and output; the first one runs as a real process, as an operator starts it.
 *
 * Opening the embedded database costs about a second (PGlite starts PostgreSQL in WebAssembly), so
 * each block's first tests let the command open it itself (DATA_DIR or DATABASE_URL, the in-use
 * check, the migrations, the closing), and the others give every command the block's one open
 * database (`database` on the command's io), through which the test reads what they stored too:
 * two PGlite instances must never have one folder open at once.
 */
import { execFile } from 'node:child_process'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffCommand } from '#scripts/staff.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { verifyPassword } from '#server/staff/password-hash.ts'
import { accountKey, addressKey, pairKey } from '#server/staff/sign-in-throttle.ts'
import { findStaffUserByEmail } from '#server/staff/staff-accounts.ts'
import { createScratchDatabase, type ScratchDatabase } from './helpers/postgres-server.ts'

const script = path.join(import.meta.dirname, '..', '..', 'scripts', 'staff.ts')

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** The command as a process: node scripts/staff.ts, as `npm run staff` starts it. */
function staffProcess(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
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

/**
 * The command in this process: the same entry, environment, input and output as the process's;
 * on `database` when given (left open), else opening the configured one as the process does.
 */
async function staff(
  args: string[],
  env: Record<string, string>,
  stdin = '',
  database?: Database,
): Promise<Run> {
  const { DATABASE_URL: _ignored, DATA_DIR: _alsoIgnored, ...inherited } = process.env
  let stdout = ''
  let stderr = ''
  const code = await staffCommand(args, {
    env: { ...inherited, NODE_ENV: 'development', ...env },
    stdin: Readable.from([stdin]),
    log: (line) => {
      stdout += `${line}\n`
    },
    error: (line) => {
      stderr += `${line}\n`
    },
    database,
  })
  return { code, stdout, stderr }
}

// The first tests open the embedded database several times: slow on a busy machine.
describe('npm run staff on the embedded database', { timeout: 120_000 }, () => {
  let dataDir: string
  const env = () => ({ DATA_DIR: dataDir })

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-staff-'))
  })
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true })
  })

  /** The block's one open database, from the describe below (the first tests open their own). */
  let db: Database

  /** The account as the server reads it, through `database` (the block's open one by default). */
  function storedUser(email: string, database: Database = db) {
    return findStaffUserByEmail(database, email)
  }

  it('adds an account with the password from stdin, lists it, refuses a duplicate', async () => {
    // As an operator runs it: a process of its own, the password piped in.
    const added = await staffProcess(
      ['add', 'Desk@Oakridge-Insurance.example'],
      env(),
      'a long staff password 42\n',
    )
    expect(added).toMatchObject({ code: 0, stderr: '' })
    expect(added.stdout).toContain('Added desk@oakridge-insurance.example.')
    expect(added.stdout).not.toContain('a long staff password 42')

    // No command has it open now: this read opens it alone.
    const own = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    const user = await storedUser('desk@oakridge-insurance.example', own).finally(() => own.close())
    expect(user?.passwordHash).toMatch(/^scrypt\$/)
    expect(await verifyPassword('a long staff password 42', user?.passwordHash ?? '')).toBe(true)
    // A password typed at the command is the operator's choice: not asked again.
    expect(user?.mustChangePassword).toBe(false)

    const listed = await staff(['list'], env())
    expect(listed.code).toBe(0)
    expect(listed.stdout).toMatch(/^desk@oakridge-insurance\.example\tstaff\tcreated /m)

    const again = await staff(['add', 'desk@oakridge-insurance.example'], env(), 'another password 1234\n')
    expect(again.code).toBe(1)
    expect(again.stderr).toContain('already exists')
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

  describe('each command on the block’s one open database', () => {
    beforeAll(async () => {
      db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
      await runMigrations(db)
    })
    afterAll(async () => {
      await db?.close()
    })
    /** The command in this process, on the block's open database. */
    const staffShared = (args: string[], environment: Record<string, string>, stdin = '') =>
      staff(args, environment, stdin, db)

    it('refuses a short password and a bad e-mail, changing nothing', async () => {
      const short = await staffShared(['add', 'short@oakridge-insurance.example'], env(), 'short\n')
      expect(short.code).toBe(1)
      expect(short.stderr).toContain('at least 12 characters')
      // The name colleagues see on the desk, given on the command line.
      const named = await staffShared(
        ['add', 'ana@oakridge-insurance.example', '--name', ' Ana  Ruiz '],
        env(),
        'a long staff password 42\n',
      )
      expect(named).toMatchObject({ code: 0, stderr: '' })
      expect(named.stdout).toContain('Added ana@oakridge-insurance.example (Ana Ruiz).')
      expect((await staffShared(['list'], env())).stdout).toMatch(
        /^ana@oakridge-insurance\.example\tstaff\t.*\tname Ana Ruiz$/m,
      )
      const nameless = await staffShared(
        ['add', 'x@oakridge-insurance.example', '--name'],
        env(),
        'a long staff password 42\n',
      )
      expect(nameless.code).not.toBe(0)
      expect(nameless.stderr).toContain('--name needs a name after it.')

      const bad = await staffShared(['add', 'not-an-email'], env(), 'a long staff password 42\n')
      expect(bad.code).toBe(1)
      expect(await storedUser('short@oakridge-insurance.example')).toBeUndefined()
    })

    it('generates a password, prints it once, and removes the account', async () => {
      const generated = await staffShared(['add', 'temp@oakridge-insurance.example', '--generate'], env())
      expect(generated.code).toBe(0)
      const password = /Password \(shown once[^)]*\): (\S+)/.exec(generated.stdout)?.[1] ?? ''
      expect(password.length).toBeGreaterThanOrEqual(20)
      const user = await storedUser('temp@oakridge-insurance.example')
      expect(await verifyPassword(password, user?.passwordHash ?? '')).toBe(true)
      // Made for someone else to read once: the member chooses their own at the first sign-in.
      expect(user?.mustChangePassword).toBe(true)
      expect(generated.stdout).toContain('The member chooses their own password at the next sign-in.')

      expect((await staffShared(['remove', 'temp@oakridge-insurance.example'], env())).code).toBe(0)
      expect(await storedUser('temp@oakridge-insurance.example')).toBeUndefined()
      const missing = await staffShared(['remove', 'temp@oakridge-insurance.example'], env())
      expect(missing.code).toBe(1)
      expect(missing.stderr).toContain('There is no staff account')
    })

    it('adds an owner, changes a role, and lists roles; refuses a role it does not know', async () => {
      const owner = await staffShared(
        ['add', 'boss@oakridge-insurance.example', '--owner'],
        env(),
        'a long owner password 7\n',
      )
      expect(owner).toMatchObject({ code: 0, stderr: '' })
      expect(owner.stdout).toContain('Added boss@oakridge-insurance.example as an owner.')
      expect((await storedUser('boss@oakridge-insurance.example'))?.role).toBe('owner')
      await staffShared(['add', 'clerk@oakridge-insurance.example'], env(), 'a long clerk password 7\n')
      expect((await storedUser('clerk@oakridge-insurance.example'))?.role).toBe('staff')

      const promoted = await staffShared(['role', 'clerk@oakridge-insurance.example', 'owner'], env())
      expect(promoted).toMatchObject({
        code: 0,
        stdout: 'clerk@oakridge-insurance.example is now an owner.\n',
      })
      expect((await storedUser('clerk@oakridge-insurance.example'))?.role).toBe('owner')
      const listed = await staffShared(['list'], env())
      expect(listed.stdout).toMatch(/^boss@oakridge-insurance\.example\towner\tcreated .*\ttwo-step off$/m)
      expect(listed.stdout).toMatch(/^clerk@oakridge-insurance\.example\towner\t/m)

      const unknown = await staffShared(['role', 'clerk@oakridge-insurance.example', 'admin'], env())
      expect(unknown.code).toBe(2)
      expect(unknown.stderr).toContain('role needs owner or staff after the e-mail.')
      const nobody = await staffShared(['role', 'ghost@oakridge-insurance.example', 'staff'], env())
      expect(nobody.code).toBe(1)
      expect(nobody.stderr).toContain('There is no staff account for ghost@oakridge-insurance.example.')
    })

    it('lists sign-in locks and clears an account’s with unlock, recorded in the audit', async () => {
      const salt = 'staff-command-tests-salt-0123'
      const withSalt = { ...env(), IP_HASH_SALT: salt }
      const email = 'locked@oakridge-insurance.example'
      await staffShared(['add', email], withSalt, 'a long staff password 42\n')
      const keys = {
        account: accountKey(email, salt),
        pair: pairKey(email, '192.0.2.1', salt),
        address: addressKey('192.0.2.1', salt),
      }
      await db.query(
        `INSERT INTO sign_in_throttles (key, failures, window_started_at, locked_until)
         SELECT key, 21, now(), now() + interval '10 minutes' FROM unnest($1::text[]) AS key`,
        [Object.values(keys)],
      )

      const listed = await staffShared(['locks'], withSalt)
      expect(listed.code).toBe(0)
      expect(listed.stdout).toMatch(new RegExp(`^${email}\taccount\tuntil \\d{4}-`, 'm'))
      expect(listed.stdout).toMatch(new RegExp(`^${email}\tpair\tuntil `, 'm'))
      expect(listed.stdout).toMatch(/^an address\taddress\tuntil /m)
      expect(listed.stdout).not.toContain('192.0.2.1')

      const cleared = await staffShared(['unlock', email.toUpperCase()], withSalt)
      expect(cleared).toMatchObject({ code: 0, stdout: `Sign-in locks and counts of ${email} cleared.\n` })
      const again = await staffShared(['unlock', email], withSalt)
      expect(again.stdout).toContain(`No sign-in lock or count for ${email}: nothing to clear.`)

      const left = await db.query<{ key: string }>('SELECT key FROM sign_in_throttles')
      // The address lock is about every account: unlocking one account leaves it.
      expect(left.map((row) => row.key)).toEqual([keys.address])
      const audit = await db.query<{ actor_email: string; action: string; target_email: string }>(
        `SELECT actor_email, action, target_email FROM staff_audit WHERE action = 'unlock'`,
      )
      expect(audit).toEqual([{ actor_email: 'npm run staff', action: 'unlock', target_email: email }])
    })

    it('explains its usage', async () => {
      const help = await staffShared([], env())
      expect(help.code).toBe(0)
      expect(help.stdout).toContain('npm run staff -- add <email>')
      const wrong = await staffShared(['rename', 'a@b.example'], env())
      expect(wrong.code).toBe(2)
    })
  })
})

describe('npm run staff with DATABASE_URL', () => {
  let scratch: ScratchDatabase
  let dataDir: string
  /** The block's one connection (not migrated here: the first command does it), for the later commands. */
  let db: Database

  beforeAll(async () => {
    scratch = await createScratchDatabase()
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-staff-pg-'))
    db = await openPostgresDatabase(scratch.url)
  })
  afterAll(async () => {
    await db?.close()
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
    expect((await findStaffUserByEmail(db, 'pg@oakridge-insurance.example'))?.email).toBe(
      'pg@oakridge-insurance.example',
    )
  })

  it('never demotes or removes the last owner', async () => {
    const env = { DATABASE_URL: scratch.url, DATA_DIR: dataDir }
    const owner = 'only.owner@oakridge-insurance.example'
    expect((await staff(['add', owner, '--owner'], env, 'a long owner password 7', db)).code).toBe(0)
    for (const args of [
      ['role', owner, 'staff'],
      ['remove', owner],
    ]) {
      const refused = await staff(args, env, '', db)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`${owner} is the only owner: make another account an owner first.`)
    }
    // With a second owner, the first may go.
    expect((await staff(['role', 'pg@oakridge-insurance.example', 'owner'], env, '', db)).code).toBe(0)
    expect((await staff(['role', owner, 'staff'], env, '', db)).code).toBe(0)
  })
})
