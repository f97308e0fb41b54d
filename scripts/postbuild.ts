/**
 * After React Router's build: drop the SPA fallback shell (the server answers unknown paths with
 * the prerendered 404 page instead), then write brotli and gzip copies of every text file so the
 * server sends precompressed bytes without compressing on each request.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const clientDir = 'build/client'
const compressible = /\.(html|js|css|svg|xml|txt|json|webmanifest)$/

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) yield* files(path)
    else yield path
  }
}

await rm(join(clientDir, '__spa-fallback.html'), { force: true })

let count = 0
for await (const path of files(clientDir)) {
  if (!compressible.test(path)) continue
  const content = await readFile(path)
  if (content.length < 512) continue
  await writeFile(`${path}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }))
  count++
}
console.log(`postbuild: precompressed ${count} files (brotli, gzip)`)
