/**
 * After React Router's build and the island's: drop the SPA fallback shell (the server answers
 * unknown paths with the prerendered 404 page instead), point form pages at the hashed lead-form
 * island, inline the site's stylesheet into every page (no render-blocking request; the server's
 * Content-Security-Policy allows the <style> by its hash, server/security/page-policy.ts), write the sitemap,
 * robots.txt and web manifest, draw the PNG icons from favicon.svg, then write brotli and gzip
 * copies of every text file so the server sends precompressed bytes without compressing on each
 * request.
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import sharp from 'sharp'
import { finishPage, stylesheetReader } from '#app/site/finish-page.ts'
import { siteFiles } from '#app/site/site-files.ts'
import { agencyDefaults } from '#config/agency.ts'
import { defaultBrandColour } from '#config/site-settings.ts'

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

// Point every form page at the lead-form island's hashed file (built after the prerendering).
const islandManifest: Record<string, { file: string }> = JSON.parse(
  await readFile(join(clientDir, 'assets/islands/.vite/manifest.json'), 'utf8'),
)
const islandFile = islandManifest['app/islands/lead-form.tsx']?.file
if (!islandFile) throw new Error('postbuild: the lead-form island is missing from its manifest')
await rm(join(clientDir, 'assets/islands/.vite'), { recursive: true, force: true })
// The stylesheet (about 4 KB compressed) goes into each page as one <style>: the first paint then
// waits for nothing but the HTML. The hashed file stays in assets/ (nothing links it any more; the
// server reads it again when it renders a published version of the settings).
const stylesheet = stylesheetReader(clientDir)
const islandSrc = `/assets/islands/${islandFile}`
for await (const path of files(clientDir)) {
  if (!path.endsWith('.html')) continue
  const original = await readFile(path, 'utf8')
  const html = await finishPage(original, { islandSrc, stylesheet })
  if (html !== original) await writeFile(path, html)
}
// What the server needs to finish the pages it renders (server/site/site-pages.ts).
await writeFile(join(clientDir, '..', 'page-assets.json'), `${JSON.stringify({ islandSrc })}\n`)

// The sitemap, robots.txt and the web manifest, from the default facts (the server writes them
// again for each published version of the settings).
for (const [file, text] of siteFiles({ ...agencyDefaults, brandColour: defaultBrandColour })) {
  await writeFile(join(clientDir, file), text)
}

// The pages' icons are PNGs drawn from favicon.svg (the one source): a browser opens an SVG icon as
// a document of its own on the page's main thread after every page load, 37–80 ms at a 4× CPU
// slowdown (Lighthouse's mobile setting) on this machine, where a 48 px PNG decodes in 1–4 ms
// (docs/bench/history.md).
// The apple-touch icon (home screens on iPhones, which ignore SVG icons) sits on white, since iOS
// fills a transparent one with black.
const icon = join(clientDir, 'favicon.svg')
await sharp(icon, { density: 288 })
  .resize(48, 48)
  .png({ compressionLevel: 9, palette: true })
  .toFile(join(clientDir, 'favicon-48.png'))
await sharp(icon, { density: 1152 })
  .resize(140, 140)
  .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' })
  .flatten({ background: '#ffffff' })
  .png({ compressionLevel: 9, palette: true })
  .toFile(join(clientDir, 'apple-touch-icon.png'))

let count = 0
for await (const path of files(clientDir)) {
  if (!compressible.test(path)) continue
  const content = await readFile(path)
  if (content.length < 512) continue
  await writeFile(
    `${path}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  )
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }))
  count++
}
console.log(`postbuild: precompressed ${count} files (brotli, gzip)`)
