/**
 * Staff accounts for the lead inbox (/admin). There is no sign-up page: whoever runs the server
 * creates accounts here, on the same database the server uses (DATA_DIR or DATABASE_URL); an owner
 * account can then manage the others from the desk (/admin/staff). See `usage` below. Every change
 * is recorded in staff_audit as made by "npm run staff".
 *
 * The embedded database (no DATABASE_URL) can be open in one process only: stop the server first.
 */
import { existsSync } from 'node:fs'
import path from 'node:path'
import { ConfigError, loadConfig } from '#server/config.ts'
import type { Database } from '#server/db/database.ts'
import { runMigrations } from '#server/db/migrate.ts'
import { DatabaseOpenError, openDatabase } from '#server/db/open-database.ts'
import { build, run } from '#server/db/query-builder.ts'
import { listStaffUsers } from '#server/leads/staff-leads.ts'
import {
  ApiTokenError,
  checkTokenName,
  createApiToken,
  listApiTokens,
  parseExpiry,
  parseScopes,
  revokeApiToken,
  tokenState,
} from '#server/staff/api-tokens.ts'
import { resetSecondFactor } from '#server/staff/second-factor.ts'
import { accountTag, clearAccountLocks, currentLocks, tagOfKey } from '#server/staff/sign-in-throttle.ts'
import {
  addStaffUser,
  checkDisplayName,
  checkNewPassword,
  checkStaffEmail,
  generatePassword,
  isStaffRole,
  recordStaffAudit,
  removeStaffUser,
  requirePasswordChange,
  StaffAccountError,
  setStaffPassword,
  setStaffRole,
} from '#server/staff/staff-accounts.ts'

const usage = `Staff accounts for the lead inbox (/admin).

  npm run staff -- add <email>              asks for the password (or reads it from stdin)
  npm run staff -- add <email> --generate   makes a random password and prints it once; the
                                            member chooses their own at the first sign-in
  npm run staff -- add <email> --owner      an owner: also manages staff accounts from the desk
  npm run staff -- add <email> --name "Ana Ruiz"
                                            the name colleagues see on the desk (else the e-mail)
  npm run staff -- role <email> owner|staff makes an account an owner, or staff again
  npm run staff -- password <email>         sets a new password (add --generate for a random one,
                                            which the member changes at the next sign-in)
  npm run staff -- list
  npm run staff -- remove <email>
  npm run staff -- reset-two-factor <email>  removes its two-step sign-in (a lost phone); it sets
                                             up a new one at its next sign-in
  npm run staff -- locks                    lists the sign-in locks in force
  npm run staff -- unlock <email>           clears every sign-in lock and count of the account

  npm run staff -- token add <name> --scopes leads:read,leads:write [--expires 2027-01-01]
                                            makes an API token (Authorization: Bearer) and prints it
                                            alone on the last line, once; scopes: leads:read,
                                            leads:write, leads:create, sensitive:reveal; the expiry
                                            is a day (its end, UTC) or an ISO time with its offset
  npm run staff -- token list               every token: name, scopes, expiry, last use, state
  npm run staff -- token revoke <name>      the token stops working at once

The desk always keeps an owner: the last owner can be neither made staff nor removed.

Uses the server's database: DATABASE_URL, or the embedded one in DATA_DIR (default ./data).
The embedded database can be open in one process only: stop the server before running this
(or use DATABASE_URL). --force skips that check when you are sure no server is running.`

class UsageError extends Error {}

/** Where the command reads its settings and password and writes its answers: the process's own by default. */
interface StaffCommandIo {
  env: NodeJS.ProcessEnv
  stdin: AsyncIterable<string | Buffer> & { isTTY?: boolean }
  /** One line of the answer (standard output). */
  log(line: string): void
  /** One line of a refusal (standard error). */
  error(line: string): void
  /**
   * An open database to use instead of opening the configured one: the tests' way in (many commands
   * on one open database, tests/server/staff-command.test.ts). The command still migrates it, but
   * skips the in-use check and the opening, and leaves it open. An operator's run never sets it.
   */
  database?: Database
}

const processIo: StaffCommandIo = {
  env: process.env,
  stdin: process.stdin,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
}

/** Who the audit names for changes made here: whoever runs the server. */
const actor = 'npm run staff'

/** `--name "Ana Ruiz"` (or `--name=Ana Ruiz`): taken out of argv with its value. */
function takeName(argv: string[]): { argv: string[]; name?: string } {
  const at = argv.findIndex((arg) => arg === '--name' || arg.startsWith('--name='))
  if (at === -1) return { argv }
  const arg = argv[at] ?? ''
  const inline = arg.startsWith('--name=')
  const name = inline ? arg.slice('--name='.length) : argv[at + 1]
  if (name === undefined || name.startsWith('--')) throw new UsageError('--name needs a name after it.')
  return { argv: argv.filter((_, index) => index !== at && (inline || index !== at + 1)), name }
}

/** `--scopes a,b` or `--scopes=a,b` (and `--expires`): the option's value, taken out of argv. */
function takeOption(argv: string[], option: string): { argv: string[]; value?: string } {
  const at = argv.findIndex((arg) => arg === option || arg.startsWith(`${option}=`))
  if (at === -1) return { argv }
  const arg = argv[at] ?? ''
  const inline = arg.startsWith(`${option}=`)
  const value = inline ? arg.slice(option.length + 1) : argv[at + 1]
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${option} needs a value after it.`)
  return { argv: argv.filter((_, index) => index !== at && (inline || index !== at + 1)), value }
}

/** `token add|list|revoke`: API tokens (docs/api.md, "API tokens"), audited as the staff command's. */
async function tokenCommand(args: string[], io: StaffCommandIo): Promise<void> {
  const scopesOption = takeOption(args, '--scopes')
  const expiresOption = takeOption(scopesOption.argv, '--expires')
  const force = expiresOption.argv.includes('--force')
  const rest = expiresOption.argv.filter((arg) => arg !== '--force')
  const unknownFlag = rest.find((arg) => arg.startsWith('--'))
  if (unknownFlag) throw new UsageError(`Unknown option ${unknownFlag}.`)
  const [sub, tokenName, ...extra] = rest
  if (extra.length > 0) throw new UsageError(`Unexpected arguments: ${extra.join(' ')}.`)
  const now = new Date()
  if (sub === 'add') {
    if (!tokenName) throw new UsageError('token add needs a name: token add crm-sync --scopes leads:read')
    if (scopesOption.value === undefined) throw new UsageError('token add needs --scopes.')
    // Checked before the database is opened.
    const name = checkTokenName(tokenName)
    const scopes = parseScopes(scopesOption.value)
    const expiresAt = expiresOption.value === undefined ? null : parseExpiry(expiresOption.value, now)
    await withDatabase(io, force, async (db, secret) => {
      const { token } = await db.transaction(async (tx) => {
        const made = await createApiToken(tx, { name, scopes, expiresAt, createdBy: actor, now }, secret)
        await recordStaffAudit(tx, actor, 'token-add', name)
        return made
      })
      io.log(
        `API token ${name} made, scopes ${scopes.join(',')}, ${expiresAt ? `expires ${expiresAt.toISOString()}` : 'no expiry'}.`,
      )
      io.log('Shown once, never stored in clear; send it as Authorization: Bearer <token>:')
      io.log(token)
    })
    return
  }
  if (sub === 'list') {
    if (tokenName) throw new UsageError('token list takes no name.')
    await withDatabase(io, force, async (db) => {
      const tokens = await listApiTokens(db)
      if (tokens.length === 0) io.log('No API tokens yet.')
      for (const token of tokens) {
        const expires = token.expiresAt ? token.expiresAt.toISOString() : 'never'
        const lastUsed = token.lastUsedAt ? token.lastUsedAt.toISOString() : 'never'
        io.log(
          `${token.name}\t${token.scopes.join(',')}\t${tokenState(token, now)}\texpires ${expires}\tlast used ${lastUsed}\tmade by ${token.createdBy} ${token.createdAt.toISOString()}`,
        )
      }
    })
    return
  }
  if (sub === 'revoke') {
    if (!tokenName) throw new UsageError("token revoke needs the token's name.")
    await withDatabase(io, force, async (db) => {
      await db.transaction(async (tx) => {
        if (!(await revokeApiToken(tx, tokenName, actor, now)))
          throw new ApiTokenError(`There is no live API token named ${tokenName}.`)
        await recordStaffAudit(tx, actor, 'token-revoke', tokenName.trim())
      })
      io.log(`API token ${tokenName.trim()} revoked: it works no more.`)
    })
    return
  }
  throw new UsageError('token needs add, list or revoke.')
}

async function main(allArgs: string[], io: StaffCommandIo): Promise<void> {
  if (allArgs[0] === 'token') return tokenCommand(allArgs.slice(1), io)
  const { argv, name } = takeName(allArgs)
  const flags = new Set(argv.filter((arg) => arg.startsWith('--')))
  const [command, email, ...rest] = argv.filter((arg) => !arg.startsWith('--'))
  if (!command || flags.has('--help') || command === 'help') {
    io.log(usage)
    return
  }
  for (const flag of flags) {
    if (flag !== '--generate' && flag !== '--force' && flag !== '--owner')
      throw new UsageError(`Unknown option ${flag}.`)
  }
  const role = command === 'role' ? rest.shift() : undefined
  if (command === 'role' && !isStaffRole(role))
    throw new UsageError('role needs owner or staff after the e-mail.')
  if (rest.length > 0) throw new UsageError(`Unexpected arguments: ${rest.join(' ')}.`)
  if (name !== undefined && command !== 'add') throw new UsageError('--name goes with add only.')
  const displayName = checkDisplayName(name)
  const listing = command === 'list' || command === 'locks'
  if (listing && email) throw new UsageError(`${command} takes no e-mail.`)
  if (!listing && !email) throw new UsageError(`${command} needs an e-mail address.`)

  // Checked before the database is opened or a password asked for.
  const account = email ? checkStaffEmail(email) : ''
  const password =
    command === 'add' || command === 'password'
      ? await readPassword(flags.has('--generate'), io.stdin)
      : undefined

  await withDatabase(io, flags.has('--force'), async (db, secret) => {
    switch (command) {
      case 'add': {
        const owner = flags.has('--owner')
        // One transaction: the name stays free until the account holding it is stored.
        await db.transaction(async (tx) => {
          await addStaffUser(tx, account, password ?? '', owner ? 'owner' : 'staff', displayName)
          // A generated password was made for someone else to read once: they choose their own.
          if (flags.has('--generate')) await requirePasswordChange(tx, account)
          await recordStaffAudit(tx, actor, 'add', account)
          if (owner) await recordStaffAudit(tx, actor, 'role-owner', account)
        })
        io.log(`Added ${account}${displayName ? ` (${displayName})` : ''}${owner ? ' as an owner' : ''}.`)
        break
      }
      case 'password': {
        await setStaffPassword(db, account, password ?? '')
        if (flags.has('--generate')) await requirePasswordChange(db, account)
        await recordStaffAudit(db, actor, 'reset-password', account)
        io.log(`New password set for ${account}; its sessions were signed out.`)
        break
      }
      case 'role': {
        // One transaction: the last owner check holds against a desk changing roles at the same time.
        await db.transaction(async (tx) => {
          if (!isStaffRole(role) || !(await setStaffRole(tx, account, role)))
            throw new StaffAccountError(`There is no staff account for ${account}.`)
          await recordStaffAudit(tx, actor, role === 'owner' ? 'role-owner' : 'role-staff', account)
        })
        io.log(`${account} is now ${role === 'owner' ? 'an owner' : 'staff'}.`)
        break
      }
      case 'list': {
        const users = await listStaffUsers(db, new Date())
        if (users.length === 0)
          io.log('No staff accounts yet. Add the first owner with: npm run staff -- add <email> --owner')
        for (const user of users) {
          const lastSignIn = user.lastSignInAt ? new Date(user.lastSignInAt).toISOString() : 'never'
          io.log(
            `${user.email}\t${user.role}\tcreated ${new Date(user.createdAt).toISOString()}\tlast sign-in ${lastSignIn}\tactive sessions ${user.activeSessions}\ttwo-step ${user.twoStepOn ? 'on' : 'off'}${user.displayName ? `\tname ${user.displayName}` : ''}`,
          )
        }
        break
      }
      case 'remove': {
        await db.transaction(async (tx) => {
          if (!(await removeStaffUser(tx, account)))
            throw new StaffAccountError(`There is no staff account for ${account}.`)
          await recordStaffAudit(tx, actor, 'remove', account)
        })
        io.log(`Removed ${account} and signed it out everywhere.`)
        break
      }
      case 'reset-two-factor': {
        // An account that never set it up keeps its sessions: there is nothing to reset.
        const [factor] = await run(
          db,
          build
            .selectFrom('staff_users')
            .select((eb) =>
              eb.and([eb('totp_secret', 'is', null), eb('totp_enabled_at', 'is', null)]).as('unset'),
            )
            .where('email', '=', account),
        )
        if (factor?.unset) {
          io.log(`${account} has no two-step sign-in; nothing was changed.`)
          break
        }
        if (!(await resetSecondFactor(db, account, actor)))
          throw new StaffAccountError(`There is no staff account for ${account}.`)
        io.log(`Two-step sign-in removed for ${account}; it was signed out everywhere.`)
        break
      }
      case 'locks':
        await printLocks(db, secret, io)
        break
      case 'unlock': {
        const cleared = await db.transaction(async (tx) => {
          const count = await clearAccountLocks(tx, account, secret)
          if (count > 0) await recordStaffAudit(tx, actor, 'unlock', account)
          return count
        })
        io.log(
          cleared > 0
            ? `Sign-in locks and counts of ${account} cleared.`
            : `No sign-in lock or count for ${account}: nothing to clear.`,
        )
        break
      }
      default:
        throw new UsageError(`Unknown command ${command}.`)
    }
  })
  if (password !== undefined && flags.has('--generate')) {
    // Printed only once the account exists, and never stored anywhere else.
    io.log(`Password (shown once, keep it somewhere safe): ${password}`)
    io.log('The member chooses their own password at the next sign-in.')
  }
}

/** One line per lock: whose (an account's e-mail, or "an address"), which kind, until when. */
async function printLocks(db: Database, secret: string, io: StaffCommandIo): Promise<void> {
  const now = new Date()
  const emails = new Map(
    (await listStaffUsers(db, now)).map((user) => [accountTag(user.email, secret), user.email]),
  )
  const locks = await currentLocks(db, now, 1000)
  if (locks.length === 0) io.log('No sign-in is locked now.')
  for (const lock of locks) {
    const tag = tagOfKey(lock.key)
    const who = tag ? (emails.get(tag) ?? 'an e-mail that is no staff account') : 'an address'
    io.log(`${who}	${lock.kind}	until ${new Date(lock.lockedUntil).toISOString()}`)
  }
}

async function withDatabase(
  io: StaffCommandIo,
  force: boolean,
  fn: (db: Database, secret: string) => Promise<void>,
): Promise<void> {
  const config = loadConfig(io.env)
  if (io.database) {
    await runMigrations(io.database)
    return fn(io.database, config.ipHashSalt)
  }
  if (!config.databaseUrl) {
    const pgliteDir = path.join(config.dataDir, 'pglite')
    // PGlite writes postmaster.pid while a process has the folder open and removes it on close.
    // A second process opening the same folder would corrupt it.
    if (!force && existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
      throw new StaffAccountError(
        `The embedded database in ${pgliteDir} is in use (is the server running?).\n` +
          'Only one process can open it: stop the server, run this command, then start the server again.\n' +
          'If no server is running (it was killed and left its lock behind), add --force.',
      )
    }
  }
  const db = await openDatabase(config)
  try {
    await runMigrations(db)
    await fn(db, config.ipHashSalt)
  } finally {
    await db.close()
  }
}

async function readPassword(generate: boolean, stdin: StaffCommandIo['stdin']): Promise<string> {
  if (generate) return generatePassword()
  if (!stdin.isTTY) {
    // Piped: the first line of standard input (e.g. from a secret manager).
    const chunks: Buffer[] = []
    for await (const chunk of stdin) chunks.push(Buffer.from(chunk))
    const password = Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
    checkNewPassword(password)
    return password
  }
  const password = await promptHidden('Password: ')
  checkNewPassword(password)
  if ((await promptHidden('Same password again: ')) !== password) {
    throw new StaffAccountError('The two passwords differ; nothing was changed.')
  }
  return password
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const stdin = process.stdin
    process.stdout.write(question)
    stdin.setRawMode(true)
    stdin.resume()
    stdin.setEncoding('utf8')
    let typed = ''
    const finish = (error?: Error) => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off('data', onData)
      process.stdout.write('\n')
      if (error) reject(error)
      else resolve(typed)
    }
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n') return finish()
        if (char === '\u0003') return finish(new StaffAccountError('Cancelled.'))
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1)
        else if (char >= ' ') typed += char
      }
    }
    stdin.on('data', onData)
  })
}

/**
 * Runs one staff command (`args` as after `npm run staff --`) and returns its exit code: 0 done,
 * 1 refused (the reason on standard error), 2 a usage error (with the usage).
 */
export async function staffCommand(args: string[], io: StaffCommandIo = processIo): Promise<number> {
  try {
    await main(args, io)
    return 0
  } catch (error) {
    if (error instanceof UsageError) {
      io.error(`${error.message}\n\n${usage}`)
      return 2
    }
    if (
      error instanceof StaffAccountError ||
      error instanceof ApiTokenError ||
      error instanceof ConfigError ||
      error instanceof DatabaseOpenError
    ) {
      io.error(error.message)
      return 1
    }
    throw error
  }
}

if (import.meta.main) process.exitCode = await staffCommand(process.argv.slice(2))
