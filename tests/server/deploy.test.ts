/**
 * The production path of the README ("Production on a Debian server"): the systemd unit's command,
 * `bash scripts/run.sh serve`, run as the unit runs it, as far as this machine allows without
 * systemd:
 *
 * - its Environment= line, read from deploy/agency-site.service, the secrets of its
 *   EnvironmentFile, UMask=0077, HOME in the state directory (the user's home);
 * - an unprivileged user (nobody) with no node and no npm on the machine: the checkout's own
 *   Node 24 in .tools/ is all there is (the PATH's folders holding the machine's node and npm are
 *   replaced by copies without them, in this test's own mount namespace, never on the machine);
 * - ProtectSystem=strict: in a mount namespace of its own (unshare), the whole file system is
 *   read-only, the checkout included, except the state directory (StateDirectory=).
 *
 * What it cannot do here: start systemd itself (no PID 1 systemd in this container), so the other
 * hardening options (SystemCallFilter, PrivateDevices, RestrictAddressFamilies, ...) are checked by
 * `systemd-analyze verify` only (README); PrivateTmp is not reproduced: /tmp is read-only here,
 * stricter than the unit. Run as another user than root, the test maps that user to root in a user
 * namespace (unshare --map-root-user) and cannot switch to nobody: the process then runs as that
 * user, which is unprivileged already.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import {
  existsSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  statSync,
  symlinkSync,
} from 'node:fs'
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { getFormDefinition } from '#forms/registry.ts'
import { servingEnvironment, servingNodeArgs } from '#scripts/serving.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { vapidEnvironment, waitFor } from './helpers/server-process.ts'
import { solvedProof } from './helpers/solved-proofs.ts'

const root = realpathSync(path.join(import.meta.dirname, '..', '..'))
const unitFile = readFileSync(path.join(root, 'deploy', 'agency-site.service'), 'utf8')
const nobody = 65534
const asRoot = process.getuid?.() === 0

/** The value of one `Key=` line of the unit. */
function unitSetting(key: string): string {
  const match = new RegExp(`^${key}=(.*)$`, 'm').exec(unitFile)
  if (!match?.[1]) throw new Error(`deploy/agency-site.service has no ${key}=`)
  return match[1].trim()
}

/** The unit's Environment= line as variables (NAME=value, separated by spaces). */
function unitEnvironment(): Record<string, string> {
  return Object.fromEntries(
    unitSetting('Environment')
      .split(/\s+/)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  )
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

const nodeNames = ['node', 'nodejs', 'npm', 'npx', 'corepack']

/**
 * The machine's folders on a service's PATH that hold a node or an npm, each as a copy without them
 * (hard links: nothing is copied), to be mounted over the original in the test's namespace only.
 * Covering the files instead would not do: bash still finds a command it cannot execute.
 */
function pathWithoutNode(scratch: string): { dir: string; copy: string }[] {
  const shadows: { dir: string; copy: string }[] = []
  for (const dir of ['/usr/local/bin', '/usr/bin', '/usr/local/sbin', '/usr/sbin']) {
    if (!existsSync(dir) || !nodeNames.some((name) => existsSync(path.join(dir, name)))) continue
    const copy = path.join(scratch, `path-${shadows.length}`)
    mkdirSync(copy)
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (nodeNames.includes(entry.name)) continue
      const from = path.join(dir, entry.name)
      const to = path.join(copy, entry.name)
      if (entry.isSymbolicLink()) symlinkSync(readlinkSync(from), to)
      else if (entry.isFile()) linkSync(from, to)
    }
    shadows.push({ dir, copy })
  }
  return shadows
}

/** Name, size and modification time of every file under the given folders of the checkout. */
function listing(folders: string[]): string[] {
  const lines: string[] = []
  const walk = (dir: string) => {
    if (!existsSync(dir)) return
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) walk(full)
      else {
        const stats = statSync(full, { throwIfNoEntry: false })
        lines.push(`${path.relative(root, full)} ${stats?.size} ${stats?.mtimeMs}`)
      }
    }
  }
  for (const folder of folders) walk(path.join(root, folder))
  return lines.sort()
}

describe('the systemd unit on a fresh Debian server', () => {
  let stateDir: string
  let scratch: string | undefined
  let child: ChildProcess | undefined
  let output = ''
  let url: string
  const ipHashSalt = randomBytes(32).toString('hex')
  const watched = ['.tools', 'build/client', 'scripts']
  let before: string[]

  beforeAll(async () => {
    expect(existsSync(path.join(root, 'build', 'client', 'index.html')), 'run npm run build first').toBe(true)
    // StateDirectory=agency-site, StateDirectoryMode=0700: made by systemd, owned by User=.
    stateDir = await mkdtemp(path.join(tmpdir(), 'agency-state-'))
    await chmod(stateDir, 0o700)
    if (asRoot) await chown(stateDir, nobody, nobody)
    before = listing(watched)

    const port = await freePort()
    const workingDirectory = unitSetting('WorkingDirectory')
    const command = unitSetting('ExecStart').replaceAll(workingDirectory, root)
    const environment = {
      ...unitEnvironment(),
      PORT: String(port),
      DATA_DIR: stateDir,
      // What /etc/agency-site/env holds (deploy/env.example).
      LEAD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      IP_HASH_SALT: ipHashSalt,
      ...vapidEnvironment(),
      DIGEST_TIME: 'off',
      // What systemd gives every service: a minimal PATH, the user's home.
      PATH: '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
      HOME: stateDir,
      LANG: 'C.UTF-8',
    }
    // On the disk, beside /usr/bin: pathWithoutNode hard-links the machine's programs into it.
    scratch = await mkdtemp(path.join(inject('diskTmpdir'), 'agency-machine-'))
    const hide = pathWithoutNode(scratch)
      .map(({ dir, copy }) => `mount --bind ${copy} ${dir}`)
      .join('\n')
    const env = Object.entries(environment).map(([name, value]) => `${name}=${value}`)
    const setUser = asRoot ? `setpriv --reuid=${nobody} --regid=${nobody} --clear-groups --no-new-privs` : ''
    // Inside the new mount namespace only: the checkout and then every file system read-only, the
    // state directory writable, the machine's node gone. Then the unit's command, as its user.
    const namespaceScript = `set -e
mount --bind ${stateDir} ${stateDir}
mount --bind ${root} ${root}
mount -o remount,bind,ro ${root}
mount -o remount,bind,ro /
${hide}
cd ${root}
umask ${unitSetting('UMask')}
exec ${setUser} env -i ${env.map((pair) => `'${pair}'`).join(' ')} ${command}`
    const unshare = asRoot ? ['--mount'] : ['--mount', '--map-root-user']
    child = spawn('unshare', [...unshare, 'sh', '-c', namespaceScript], { stdio: ['ignore', 'pipe', 'pipe'] })
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
    }
    child.stdout?.on('data', collect)
    child.stderr?.on('data', collect)
    url = await waitFor(
      () => {
        if (child?.exitCode !== null) throw new Error(`the service exited (${child?.exitCode}):\n${output}`)
        return /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1]
      },
      { timeoutMs: 60_000, what: `the service to listen:\n${output}` },
    )
  }, 90_000)

  afterAll(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL')
      await new Promise((resolve) => child?.once('exit', resolve))
    }
    if (stateDir) await rm(stateDir, { recursive: true, force: true })
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it('runs with Node 24 from the checkout, as an unprivileged user, and serves the home page', async () => {
    const pid = child?.pid
    const status = readFileSync(`/proc/${pid}/status`, 'utf8')
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1])
    expect(uid).toBe(asRoot ? nobody : process.getuid?.())
    expect(realpathSync(`/proc/${pid}/exe`)).toContain(`${path.sep}.tools${path.sep}node24${path.sep}`)
    const page = await fetch(`${url}/`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<html')
  })

  it('starts node with the memory options of a 512 MB server (scripts/serving.ts)', () => {
    const pid = child?.pid
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    expect(commandLine.slice(1, 1 + servingNodeArgs.length)).toEqual(servingNodeArgs)
    expect(commandLine).toContain('server/main.ts')
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0')
    for (const [name, value] of Object.entries(servingEnvironment))
      expect(environment).toContain(`${name}=${value}`)
  })

  it('stores a lead sent through the one proxy hop, in the state directory, for its user only', async () => {
    const form = getFormDefinition('contact-message')
    if (!form) throw new Error('no contact form')
    const response = await fetch(`${url}/api/forms/contact-message`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': '203.0.113.7',
        'idempotency-key': 'deploy-test',
        'x-proof-of-work': await solvedProof(ipHashSalt),
      },
      body: JSON.stringify({ ...validPayload(form, new Date()), msg: 'Please call me about a policy.' }),
    })
    expect(response.status).toBe(200)

    child?.kill('SIGTERM')
    await new Promise((resolve) => (child?.exitCode === null ? child.once('exit', resolve) : resolve(null)))
    expect(child?.exitCode, output).toBe(0)
    expect(output).not.toContain('Read-only file system')
    const pglite = path.join(stateDir, 'pglite')
    expect(statSync(pglite).mode & 0o077).toBe(0)
    if (asRoot) expect(statSync(pglite).uid).toBe(nobody)
    const db = await openPgliteDatabase(pglite)
    try {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM leads WHERE idempotency_key = 'deploy-test'`,
      )
      expect(rows[0]?.n).toBe(1)
    } finally {
      await db.close()
    }
  })

  it('wrote nothing in the checkout', () => {
    // The checkout was read-only to it, so nothing could be written; and nothing had to be: the
    // service started and answered without a write refused.
    expect(listing(watched)).toEqual(before)
  })
})

describe('npm start', () => {
  it('starts node with the same memory options as the service', () => {
    const start = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts.start as string
    expect(start).toContain(`node ${servingNodeArgs.join(' ')} scripts/start.ts`)
  })
})

describe('scripts/run.sh', () => {
  it('runs bench:memory, which the README lists, instead of printing its usage', () => {
    // An option the benchmark does not know: it is run, and refuses the option before any work.
    const run = spawnSync('bash', ['scripts/run.sh', 'bench:memory', '--no-such-option'], {
      cwd: root,
      encoding: 'utf8',
    })
    expect(run.stderr).not.toContain('usage: bash scripts/run.sh')
    expect(run.stderr).toContain("Unknown option '--no-such-option'")
  })
})

describe("the README's production steps", () => {
  it('install a Caddyfile that serves the bare domain and redirects its www name there', async () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
    const domainLine = /^DOMAIN=.*$/m.exec(readme)?.[0]
    const sedLine = /^sed .*deploy\/Caddyfile/m.exec(readme)?.[0]
    expect(domainLine, 'the README sets DOMAIN').toBeDefined()
    expect(sedLine, "the README's sed of deploy/Caddyfile").toBeDefined()
    const caddyfile = execFileSync(
      'bash',
      ['-c', `${domainLine}\n${sedLine?.replace('/opt/agency-site', root)}`],
      {
        encoding: 'utf8',
      },
    )
    const domain = domainLine?.slice('DOMAIN='.length) ?? ''
    const sites = [...caddyfile.matchAll(/^(\S+) \{$/gm)].map((match) => match[1])
    expect(sites).toEqual([domain, `www.${domain}`])
    expect(caddyfile).toContain(`redir https://${domain}{uri} permanent`)
    expect(caddyfile).not.toContain('example.com')
    // Caddy's own check, when Debian's caddy is installed here (apt-get install caddy).
    const caddy = spawnSync('caddy', ['validate', '--adapter', 'caddyfile', '--config', '-'], {
      input: caddyfile,
    })
    if (caddy.error) return
    expect(caddy.status, caddy.stderr.toString()).toBe(0)
  })

  it('stop the service and the staff command with one line when DATABASE_URL cannot be used', () => {
    const { DATABASE_URL: _unset, ...inherited } = process.env
    const env = { ...inherited, DATA_DIR: tmpdir(), NODE_ENV: 'development' }
    const missing = 'postgres://postgres@127.0.0.1:5432/agency_no_such_database'
    for (const [args, url] of [
      [['scripts/run.sh', 'serve'], missing],
      [['scripts/run.sh', 'serve'], 'postgres://agency:secret-password@127.0.0.1:1/agency'],
      [['scripts/run.sh', 'staff', 'list'], missing],
    ] as const) {
      const run = spawnSync('bash', args, { cwd: root, env: { ...env, DATABASE_URL: url }, encoding: 'utf8' })
      expect(run.status).toBe(1)
      const lines = run.stderr.trim().split('\n')
      expect(lines, run.stderr).toHaveLength(1)
      expect(lines[0]).toMatch(/^Cannot use the database at DATABASE_URL \(.*\): .+\.$/)
      expect(lines[0]).not.toContain('secret-password')
    }
  })
})
