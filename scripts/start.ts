/**
 * `npm start`: serves the built site and the API. On a fresh checkout there is no build yet, so it
 * builds first: one command brings the site up (docs/contracts.md, "Commands").
 */
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'

const root = path.join(import.meta.dirname, '..')

if (!existsSync(path.join(root, 'build', 'client', 'index.html'))) {
  console.log('No build found: running npm run build first.')
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

await import('../server/main.ts')
