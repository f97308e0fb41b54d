/**
 * The public pages of a published version of the site settings, rendered by the server from the
 * build's own renderer (build/server, React Router's, the one the build prerendered with) into
 * DATA_DIR/site/<version>-<build>/, finished as the build finishes its pages (app/site/finish-page.ts),
 * precompressed, each with its Content-Security-Policy by hashes. A version is rendered whole into
 * a temporary folder and renamed into place, then served from one switch: every page changes at
 * once, never a footer with the old phone beside a contact page with the new one
 * (docs/decisions/034-site-settings.md). Until a version is published the build's own pages
 * (build/client) are served, as before.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { createHash, randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { RequestHandler, ServerBuild } from 'react-router'
import { finishPage } from '#app/site/finish-page.ts'
import { prerenderPaths } from '#app/site/route-table.ts'
import { installSettingsSource } from '#config/live-settings.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import { policyForHtml } from '../security/page-policy.ts'

const brotli = promisify(brotliCompress)
/** The folder of DATA_DIR/site that keeps the uploaded images' variants (never a version's). */
const imagesFolder = 'images'
const gzipped = promisify(gzip)

/** One rendered page: its HTML and the policy that allows exactly its inline scripts and styles. */
interface RenderedPage {
  html: string
  policy: string
}

/** The folder a page's index.html sits in, relative to the site's root ('/es/contact' → 'es/contact'). */
export function pageFolder(pagePath: string): string {
  return pagePath.split('/').filter(Boolean).join('/')
}

export interface SitePages {
  /** The folder the public pages are served from now: build/client, or the published version's. */
  pagesDir(): string
  /** Each page file's Content-Security-Policy, for both the build's files and rendered ones. */
  readonly policies: Map<string, string>
  /** Whether `pagePath` is a page of the version being served (what the static plugin asks). */
  isRenderedPage(pagePath: string): boolean
  /**
   * Renders every page with `settings` (or reuses the folder rendered before for the same version
   * and build), then makes `settings` the ones in force and serves the new folder, in one step.
   */
  publish(version: number, settings: SiteSettings, options?: { noticeShown?: boolean }): Promise<void>
  /** The build's pages again and the defaults (no version published). */
  showDefaults(): void
  /** One page as `settings` would show it, without publishing anything (the desk's preview). */
  preview(pagePath: string, settings: SiteSettings): Promise<RenderedPage | undefined>
  /** The settings in force (undefined: the defaults). */
  current(): SiteSettings | undefined
  /** Where the uploaded images' variants are kept (DATA_DIR/site/images), for every version. */
  readonly imagesDir: string
}

/**
 * Reads the build's renderer and makes the site's one source of settings (config/live-settings.ts):
 * the version in force, or inside a render the settings being rendered.
 */
export async function loadSitePages(options: {
  clientDir: string
  /** DATA_DIR/site: where rendered versions are kept. */
  siteDir: string
  policies: Map<string, string>
}): Promise<SitePages> {
  const buildDir = path.dirname(options.clientDir)
  const serverFile = path.join(buildDir, 'server', 'index.js')
  // The renderer (React, React Router and every page's module) is loaded by the first render or
  // preview, not at start: a server that finds its version's pages already rendered never loads it.
  let handler: Promise<RequestHandler> | undefined
  const renderer = () => {
    handler ??= Promise.all([import('react-router'), import(pathToFileURL(serverFile).href)]).then(
      ([{ createRequestHandler }, build]: [typeof import('react-router'), ServerBuild]) =>
        createRequestHandler(build, 'production'),
    )
    return handler
  }
  const assets = JSON.parse(await readFile(path.join(buildDir, 'page-assets.json'), 'utf8')) as {
    islandSrc: string
  }
  // A new build names new asset files: a folder rendered by another build is never reused.
  const buildId = createHash('sha256')
    .update(await readFile(serverFile))
    .update(assets.islandSrc)
    .digest('hex')
    .slice(0, 12)
  const stylesheets = new Map<string, string>()
  const stylesheet = async (href: string) => {
    let css = stylesheets.get(href)
    if (css === undefined) {
      css = (await readFile(path.join(options.clientDir, href), 'utf8')).trim()
      stylesheets.set(href, css)
    }
    return css
  }

  const rendering = new AsyncLocalStorage<SiteSettings>()
  let inForce: SiteSettings | undefined
  let servedDir = options.clientDir
  let servedPages: ReadonlySet<string> = new Set()
  installSettingsSource(() => rendering.getStore() ?? inForce)

  const paths = prerenderPaths()

  async function render(pagePath: string, settings: SiteSettings): Promise<RenderedPage | undefined> {
    return rendering.run(settings, async () => {
      const response = await (await renderer())(new Request(`http://localhost${pagePath}`))
      if (response.status !== 200 && !(response.status === 404 && pagePath.endsWith('/404'))) return undefined
      const html = await finishPage(await response.text(), { islandSrc: assets.islandSrc, stylesheet })
      return { html, policy: policyForHtml(html) }
    })
  }

  async function renderInto(dir: string, settings: SiteSettings): Promise<void> {
    const temporary = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
    await mkdir(temporary, { recursive: true })
    try {
      for (const pagePath of paths) {
        const page = await render(pagePath, settings)
        if (!page) throw new Error(`site settings: ${pagePath} did not render`)
        const folder = path.join(temporary, pageFolder(pagePath))
        await mkdir(folder, { recursive: true })
        const bytes = Buffer.from(page.html)
        await Promise.all([
          writeFile(path.join(folder, 'index.html'), bytes),
          brotli(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).then((compressed) =>
            writeFile(path.join(folder, 'index.html.br'), compressed),
          ),
          gzipped(bytes, { level: 9 }).then((compressed) =>
            writeFile(path.join(folder, 'index.html.gz'), compressed),
          ),
        ])
      }
      await rename(temporary, dir).catch(async (error: NodeJS.ErrnoException) => {
        // another process sharing DATA_DIR rendered the same version first: theirs is the same
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
        await rm(temporary, { recursive: true, force: true })
      })
    } catch (error) {
      await rm(temporary, { recursive: true, force: true })
      throw error
    }
  }

  async function readPolicies(dir: string): Promise<Map<string, string>> {
    const found = new Map<string, string>()
    for (const pagePath of paths) {
      const file = path.join(dir, pageFolder(pagePath), 'index.html')
      found.set(file, policyForHtml(await readFile(file, 'utf8')))
    }
    return found
  }

  /** Keeps the folder served and the one before it (a request may still be reading it). */
  async function removeOlder(keep: readonly string[]): Promise<void> {
    const entries = await readdir(options.siteDir).catch(() => [])
    for (const entry of entries) {
      const full = path.join(options.siteDir, entry)
      if (keep.includes(full)) continue
      if (entry.includes('.tmp-') || entry === imagesFolder) continue
      await rm(full, { recursive: true, force: true })
    }
  }

  return {
    pagesDir: () => servedDir,
    policies: options.policies,
    isRenderedPage: (pagePath) => servedPages.has(pagePath),
    current: () => inForce,
    imagesDir: path.join(options.siteDir, imagesFolder),
    async publish(version, settings, { noticeShown = false } = {}) {
      await mkdir(options.siteDir, { recursive: true, mode: 0o700 })
      // A notice starts or ends at midnight: the pages of the same version are rendered again then.
      const dir = path.join(options.siteDir, `v${version}-${buildId}${noticeShown ? '-notice' : ''}`)
      if (!existsSync(dir)) await renderInto(dir, settings)
      const policies = await readPolicies(dir)
      // The switch: settings, folder and policies together, between two requests.
      const previous = servedDir
      for (const [file, policy] of policies) options.policies.set(file, policy)
      inForce = settings
      servedDir = dir
      servedPages = new Set(paths)
      if (previous !== options.clientDir && previous !== dir) {
        for (const file of options.policies.keys())
          if (file.startsWith(previous + path.sep)) options.policies.delete(file)
      }
      await removeOlder([dir, previous])
    },
    showDefaults() {
      inForce = undefined
      servedDir = options.clientDir
      servedPages = new Set()
    },
    preview: (pagePath, settings) => render(pagePath, settings),
  }
}
