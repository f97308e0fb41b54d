/**
 * A step of `npm run build`: compiles every server view written in .tsx into build/server-views
 * (server/views/compile-view.ts), so that the server reads them compiled and never loads the
 * compiler (docs/decisions/044-server-views-in-tsx.md).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { glob } from 'node:fs/promises'
import path from 'node:path'
import { compiledViewPath, compiledViewsDir, compileView } from '#server/views/compile-view.ts'

const root = path.join(import.meta.dirname, '..')

rmSync(compiledViewsDir, { recursive: true, force: true })
let count = 0
for await (const relative of glob('server/**/*.tsx', { cwd: root })) {
  const file = path.join(root, relative)
  const target = compiledViewPath(file)
  mkdirSync(path.dirname(target), { recursive: true })
  writeFileSync(target, compileView(file, readFileSync(file, 'utf8')))
  count++
}
console.log(`build-views: ${count} server views compiled into ${path.relative(root, compiledViewsDir)}`)
