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
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { RequestHandler, ServerBuild } from 'react-router'
import { finishPage, stylesheetReader } from '#app/site/finish-page.ts'
import { prerenderPaths } from '#app/site/route-table.ts'
import { siteFilePaths, siteFiles } from '#app/site/site-files.ts'
import { installSettingsSource } from '#config/live-settings.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import { policyForHtml } from '../security/page-policy.ts'
import { defaultFolderTimes, type FolderTimes, folderLease, sweepSiteFolders } from './site-folders.ts'

/**
 * What a version's folder holds, in which layout: changed when the server writes other files into
 * it, so a folder an older server rendered (same build) is rendered again, never served short.
 */
const renderFormat = 'pages+site-files 2'

const brotli = promisify(brotliCompress)
/**
 * Quality 9 in a 64 KiB window (a page is 45–65 KiB): brotli's default window (4 MiB) makes each
 * compression fill a 32 MiB match table, most of a publish's CPU time in page faults; this window
 * takes a small table, an eighth of the time, and the files come out no larger
 * (docs/bench/site-publish.md).
 */
const brotliParams = { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_LGWIN]: 16 }
/** The folder of DATA_DIR/site that keeps the uploaded images' variants (never a version's). */
const imagesFolder = 'images'
const gzipped = promisify(gzip)
/** How many pages' files are compressed and written while the next pages render. */
const pagesInFlight = 4

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
  /** Whether `filePath` ('/sitemap.xml') is a file of the version being served, beside its pages. */
  isRenderedFile(filePath: string): boolean
  /**
   * Renders every page with `settings` (or reuses the folder rendered before for the same version
   * and build), then makes `settings` the ones in force and serves the new folder, in one step.
   */
  publish(version: number, settings: SiteSettings, options?: { noticeShown?: boolean }): Promise<void>
  /** Tells the other processes sharing DATA_DIR which folders this one serves (each poll). */
  heartbeat(): Promise<void>
  /** This process serves no folder any more (it stops). */
  release(): Promise<void>
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
  /** When an unused folder may go (site-folders.ts). */
  folderTimes?: FolderTimes
}): Promise<SitePages> {
  const times = options.folderTimes ?? defaultFolderTimes
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
    .update(renderFormat)
    .digest('hex')
    .slice(0, 12)
  const stylesheet = stylesheetReader(options.clientDir)

  const rendering = new AsyncLocalStorage<SiteSettings>()
  let inForce: SiteSettings | undefined
  let servedDir = options.clientDir
  let servedPages: ReadonlySet<string> = new Set()
  installSettingsSource(() => rendering.getStore() ?? inForce)

  const paths = prerenderPaths()
  const renderedFiles: ReadonlySet<string> = new Set(siteFilePaths)

  async function render(pagePath: string, settings: SiteSettings): Promise<RenderedPage | undefined> {
    return rendering.run(settings, async () => {
      const response = await (await renderer())(new Request(`http://localhost${pagePath}`))
      if (response.status !== 200 && !(response.status === 404 && pagePath.endsWith('/404'))) return undefined
      const html = await finishPage(await response.text(), { islandSrc: assets.islandSrc, stylesheet })
      return { html, policy: policyForHtml(html) }
    })
  }

  /** A file and its brotli and gzip copies (what the static plugin sends to who accepts them). */
  async function writeCompressed(file: string, text: string): Promise<void> {
    const bytes = Buffer.from(text)
    await Promise.all([
      writeFile(file, bytes),
      brotli(bytes, { params: brotliParams }).then((compressed) => writeFile(`${file}.br`, compressed)),
      gzipped(bytes, { level: 9 }).then((compressed) => writeFile(`${file}.gz`, compressed)),
    ])
  }

  /**
   * Renders every page and the site files into `dir`; returns each page file's policy, computed
   * from the HTML as rendered (nothing is read back). A page's files are compressed and written
   * while the next pages render: the compression runs on libuv's threads, the render on this one.
   */
  async function renderInto(dir: string, settings: SiteSettings): Promise<Map<string, string>> {
    const temporary = `${dir}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`
    const policies = new Map<string, string>()
    const writing = new Set<Promise<void>>()
    /** Starts one file's writes; waits while `pagesInFlight` are still being written. */
    async function write(file: string, text: string): Promise<void> {
      const done: Promise<void> = writeCompressed(file, text).finally(() => writing.delete(done))
      // a failure is thrown by the Promise.all below; this one only keeps it from going unhandled
      done.catch(() => undefined)
      writing.add(done)
      while (writing.size >= pagesInFlight) await Promise.race(writing)
    }
    await mkdir(temporary, { recursive: true })
    try {
      for (const pagePath of paths) {
        const page = await render(pagePath, settings)
        if (!page) throw new Error(`site settings: ${pagePath} did not render`)
        const folder = path.join(temporary, pageFolder(pagePath))
        await mkdir(folder, { recursive: true })
        policies.set(path.join(dir, pageFolder(pagePath), 'index.html'), page.policy)
        await write(path.join(folder, 'index.html'), page.html)
      }
      // the sitemap, robots.txt and the manifest carry the facts too (app/site/site-files.ts)
      const files = siteFiles({ ...settings.agency, brandColour: settings.brandColour })
      for (const [file, text] of files) await write(path.join(temporary, file), text)
      await Promise.all(writing)
      await rename(temporary, dir).catch(async (error: NodeJS.ErrnoException) => {
        // another process sharing DATA_DIR rendered the same version first: theirs is the same
        if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
        await rm(temporary, { recursive: true, force: true })
      })
      return policies
    } catch (error) {
      await Promise.allSettled(writing)
      await rm(temporary, { recursive: true, force: true })
      throw error
    }
  }

  /**
   * The policies of a folder rendered before (by this process before a restart, or by another one
   * sharing DATA_DIR), computed under `settings`: the frame origins a policy allows are theirs.
   */
  async function readPolicies(dir: string, settings: SiteSettings): Promise<Map<string, string>> {
    return rendering.run(settings, async () => {
      const found = new Map<string, string>()
      for (const pagePath of paths) {
        const file = path.join(dir, pageFolder(pagePath), 'index.html')
        found.set(file, policyForHtml(await readFile(file, 'utf8')))
      }
      return found
    })
  }

  // Other processes sharing DATA_DIR may still serve an older folder: removal asks them (site-folders.ts).
  const lease = folderLease(options.siteDir, times)
  let previousDir: string | undefined
  let lastSweep = Number.NEGATIVE_INFINITY
  /** The folders in use here: the one served and the one before it (a request may still read it). */
  const inUse = () =>
    [servedDir, previousDir]
      .filter((dir): dir is string => dir !== undefined && dir !== options.clientDir)
      .map((dir) => path.basename(dir))
  async function keepFolders(sweep: boolean): Promise<void> {
    const now = Date.now()
    await lease.mark(inUse(), now)
    if (!sweep && now - lastSweep < 60_000) return
    lastSweep = now
    // The uploads' variants (one folder for every version) are never a version's to remove.
    await sweepSiteFolders(options.siteDir, [...inUse(), imagesFolder], times, now)
  }

  return {
    pagesDir: () => servedDir,
    policies: options.policies,
    isRenderedPage: (pagePath) => servedPages.has(pagePath),
    isRenderedFile: (filePath) => servedDir !== options.clientDir && renderedFiles.has(filePath),
    current: () => inForce,
    imagesDir: path.join(options.siteDir, imagesFolder),
    async publish(version, settings, { noticeShown = false } = {}) {
      await mkdir(options.siteDir, { recursive: true, mode: 0o700 })
      // A notice starts or ends at midnight: the pages of the same version are rendered again then.
      const dir = path.join(options.siteDir, `v${version}-${buildId}${noticeShown ? '-notice' : ''}`)
      const policies = existsSync(dir) ? await readPolicies(dir, settings) : await renderInto(dir, settings)
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
      if (previous !== dir) previousDir = previous
      await keepFolders(true)
    },
    heartbeat: () => keepFolders(false),
    release: () => lease.release(),
    showDefaults() {
      inForce = undefined
      servedDir = options.clientDir
      servedPages = new Set()
    },
    preview: (pagePath, settings) => render(pagePath, settings),
  }
}
