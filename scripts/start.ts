/**
 * `npm start`: serves the built site and the API. It builds first when there is no build yet (a
 * fresh checkout) or when a source the build reads changed since (a `git pull`, an edit of
 * config/agency.ts), and reuses a current build at once: one command brings the site up
 * (docs/contracts.md, "Commands").
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'

const root = path.join(import.meta.dirname, '..')

/** What the build reads (package.json "build"); public/photos is the build's own output. */
const buildSources = [
  'app',
  'forms',
  'content',
  'config',
  'public',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'vite.islands.config.ts',
  'vite.no-js.config.ts',
  'react-router.config.ts',
  'scripts/build-photos.ts',
  'scripts/postbuild.ts',
]
const generated = new Set([path.join(root, 'public', 'photos')])

/**
 * Written by the build's last step (postbuild compresses every page): a build that stopped half-way
 * has none, since React Router's build empties build/client first.
 */
const buildDone = path.join(root, 'build', 'client', 'index.html.br')

/** The newest modification time under `target` (a file or a folder), 0 when it does not exist. */
function newestMtime(target: string): number {
  if (generated.has(target) || !existsSync(target)) return 0
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  let newest = stats.mtimeMs
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

function buildIsCurrent(): boolean {
  if (!existsSync(buildDone)) return false
  const built = statSync(buildDone).mtimeMs
  return buildSources.every((source) => newestMtime(path.join(root, source)) <= built)
}

if (!buildIsCurrent()) {
  console.log(
    existsSync(buildDone)
      ? 'The build is older than its sources: running npm run build first.'
      : 'No build found: running npm run build first.',
  )
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
  const build = spawnSync(npm, ['run', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (build.status !== 0) {
    console.error('The build failed; not starting the server.')
    process.exit(build.status ?? 1)
  }
}

await import('#server/main.ts')
