/**
 * `npm run openapi`: writes docs/openapi.json, the staff API's OpenAPI document as the routes'
 * schemas make it (server/admin/routes/openapi.ts). tests/server/openapi.test.ts fails when the committed
 * copy is not what this writes.
 */
import { execFileSync } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'

export const openApiFile = path.join(import.meta.dirname, '..', 'docs', 'openapi.json')

export function openApiText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`
}

if (import.meta.main) {
  // The routes reach the staff views, .tsx: loaded through the hooks, imported after them.
  await import('#server/views/tsx-hooks.ts')
  const { openApiDocument } = await import('#server/admin/routes/openapi-document.ts')
  await writeFile(openApiFile, openApiText(await openApiDocument()))
  // Laid out as the repository's formatter lays out JSON, so `npm test`'s lint passes on it.
  execFileSync(path.join('node_modules', '.bin', 'biome'), ['format', '--write', openApiFile], {
    stdio: 'ignore',
  })
  console.log(`openapi: wrote ${path.relative(process.cwd(), openApiFile)}`)
}
