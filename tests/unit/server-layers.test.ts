/**
 * The layers inside server/ are written twice: for people in server/README.md ("Layers") and for
 * dependency-cruiser in .dependency-cruiser.cjs (`npm run lint:layers`). Both lists must name the
 * same folders in the same order, and every folder and top-level file of server/ must be in them:
 * one left out would be checked by no rule.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '../..')

interface Rule {
  name: string
  from: { path?: string | string[] }
  to: { path?: string | string[] }
}

const config: { forbidden: Rule[] } = createRequire(import.meta.url)(
  path.join(root, '.dependency-cruiser.cjs'),
)

/** `^server/db/` → `server/db/`, `^server/app\.ts$` → `server/app.ts`. */
function pathOf(pattern: string): string {
  return pattern.replace(/^\^/, '').replace(/\$$/, '').replaceAll('\\.', '.')
}

function asList(value: string | string[] | undefined): string[] {
  if (value === undefined) return []
  return typeof value === 'string' ? [value] : value
}

/** The layers as the tool has them, bottom first: each rule's `from`, then the top one. */
function toolLayers(): string[] {
  const rules = config.forbidden.filter((rule) => rule.name.startsWith('layer-'))
  const layers = rules.map((rule) => pathOf(asList(rule.from.path)[0] ?? ''))
  const top = asList(rules.at(-1)?.to.path)
  return [...layers, ...top.map(pathOf)]
}

/** The layers as server/README.md writes them: the numbered list's first code span on each line. */
function readmeLayers(): string[] {
  const readme = readFileSync(path.join(root, 'server/README.md'), 'utf8')
  const section = readme.split('## Layers')[1]?.split('\n### ')[0] ?? ''
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((match) => `server/${match[1]}`)
}

describe('the layers inside server/', () => {
  it('are the same list, in the same order, in server/README.md and in .dependency-cruiser.cjs', () => {
    expect(readmeLayers().length).toBeGreaterThan(10)
    expect(toolLayers()).toEqual(readmeLayers())
  })

  it('forbid each layer every layer above it, and nothing else', () => {
    const layers = toolLayers()
    const rules = config.forbidden.filter((rule) => rule.name.startsWith('layer-'))
    rules.forEach((rule, index) => {
      expect(asList(rule.to.path).map(pathOf)).toEqual(layers.slice(index + 1))
    })
  })

  it('leave no folder or top-level module of server/ out', () => {
    const entries = readdirSync(path.join(root, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() || /\.tsx?$/.test(entry.name))
      .map((entry) => `server/${entry.name}${entry.isDirectory() ? '/' : ''}`)
    expect(entries.toSorted()).toEqual(toolLayers().toSorted())
  })
})
