import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/** A miniature build/client: the shapes the real build has, with contents tests can recognize. */
export const sitePages = {
  'index.html': '<!doctype html><title>Home</title><h1>Home page</h1>',
  'insurance/index.html':
    '<!doctype html><title>Insurance</title><style>h1{color:#14532d}</style><h1>Insurance page</h1>',
  'contact/index.html': '<!doctype html><title>Contact</title><h1>Contact page</h1>',
  'es/index.html': '<!doctype html><html lang="es"><title>Inicio</title><h1>Página de inicio</h1>',
  '404/index.html': '<!doctype html><title>Not found</title><h1>Page not found</h1>',
  'es/404/index.html':
    '<!doctype html><html lang="es"><title>No encontrada</title><h1>Página no encontrada</h1>',
  '__spa-fallback.html': '<!doctype html><title>SPA fallback</title>',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'assets/x-abc123.js': 'console.log("hashed asset")',
} as const

/** Files that also get .br and .gz siblings, as a compressing build step would write them. */
const precompressed = ['contact/index.html', 'assets/x-abc123.js'] as const

export interface SiteFixture {
  clientDir: string
  dispose(): Promise<void>
}

export async function createSiteFixture(): Promise<SiteFixture> {
  const clientDir = await mkdtemp(path.join(tmpdir(), 'agency-site-'))
  for (const [file, content] of Object.entries(sitePages)) {
    await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true })
    await writeFile(path.join(clientDir, file), content)
  }
  for (const file of precompressed) {
    await writeFile(path.join(clientDir, `${file}.br`), brotliCompressSync(sitePages[file]))
    await writeFile(path.join(clientDir, `${file}.gz`), gzipSync(sitePages[file]))
  }
  return { clientDir, dispose: () => rm(clientDir, { recursive: true, force: true }) }
}
