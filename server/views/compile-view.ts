/**
 * A server view written in .tsx, compiled to JavaScript by the site's own build tools (Oxc, through
 * Vite's bundler Rolldown) with React's automatic JSX runtime, as Vite compiles the site's .tsx
 * (docs/decisions/044-server-views-in-tsx.md). `npm run build` compiles every view once
 * (scripts/build-views.ts) into build/server-views, each file headed by its source's digest; the
 * server reads that copy while it matches the source and compiles in memory otherwise (a view
 * edited since the build, the tests), so the compiler is loaded only when a copy is missing or old.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'

const root = path.join(import.meta.dirname, '..', '..')

/** Where the build keeps the compiled views, by their path in the repository. */
export const compiledViewsDir = path.join(root, 'build', 'server-views')

type TransformSync = typeof import('rolldown/utils').transformSync

let transformSync: TransformSync | undefined

function header(source: string): string {
  return `// source sha256 ${createHash('sha256').update(source).digest('hex')}\n`
}

/** Where the build writes the compiled copy of `file` (an absolute path inside the repository). */
export function compiledViewPath(file: string): string {
  return path.join(compiledViewsDir, `${path.relative(root, file)}.js`)
}

/** `source` (the text of the .tsx file `file`) as an ES module, headed by the source's digest. */
export function compileView(file: string, source: string): string {
  // Loaded on first use only: the native compiler costs the process about 17 MB.
  transformSync ??= (createRequire(import.meta.url)('rolldown/utils') as typeof import('rolldown/utils'))
    .transformSync
  const result = transformSync(file, source, {
    lang: 'tsx',
    sourceType: 'module',
    jsx: { runtime: 'automatic', importSource: 'react' },
    sourcemap: true,
  })
  const error = result.errors[0]
  if (error) throw new Error(`${path.relative(root, file)}: ${error.message}`)
  const map = result.map ? Buffer.from(JSON.stringify(result.map)).toString('base64') : undefined
  const mapLine = map ? `\n//# sourceMappingURL=data:application/json;base64,${map}\n` : '\n'
  return `${header(source)}${result.code}${mapLine}`
}

/** The module text of the view `file`: the build's copy when it was made from this source. */
export function loadView(file: string): string {
  const source = readFileSync(file, 'utf8')
  try {
    const compiled = readFileSync(compiledViewPath(file), 'utf8')
    if (compiled.startsWith(header(source))) return compiled
  } catch {
    // No copy (no build yet, or a view added since): compiled below.
  }
  return compileView(file, source)
}
