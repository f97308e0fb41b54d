/**
 * `npm run bench:web`: the web budgets of docs/contracts.md ("Quality budgets"), on
 * every public route in both languages — Lighthouse mobile (performance, accessibility, best practices and SEO 100),
 * largest contentful paint ≤ 1.2 s on every route (≤ 1.0 s median, reported), CLS 0, JavaScript per
 * page (gzip: aim ≤ 10 KB without a form, never over 120 KB; ≤ 70 KB with a form) and axe-core
 * WCAG 2.2 A/AA at a phone and a desktop width (0 violations).
 *
 * Builds the site (`npm run build`), starts the real server (`node server/main.ts`, NODE_ENV=production)
 * on a free port with a fresh temporary DATA_DIR (embedded PGlite) — from a temporary copy of server/
 * and build/client, so a build started elsewhere during the run cannot change the pages measured — then:
 *   1. Lighthouse (Node API, default mobile config: Moto G Power screen, simulated slow 4G and 4× CPU
 *      throttling) on each route, reusing one headless Chromium (/usr/bin/chromium);
 *   2. axe-core (@axe-core/playwright) on each route, iframes excluded (third-party frames cannot load
 *      in a closed network; they are lazy and should not load at all — requests to another origin are
 *      reported);
 *   3. the gzip size of every script each page loaded (gzip -9 of the served file; the server may
 *      answer Brotli, whose transfer size Lighthouse reports as "KB JS").
 * Prints a table and a summary, writes bench-results/web.json (and trimmed Lighthouse reports under
 * bench-results/lighthouse/) and, for a run over all routes, docs/bench/web-latest.md.
 *
 * Options:
 *   --no-build            serve the existing build/client as it is
 *   --routes <list>       comma-separated paths, e.g. --routes=/,/es/contact (default: all 74)
 *   --sample              one route per page type (15 routes) instead of all
 *   --no-lighthouse       axe only           --no-axe      Lighthouse only
 *   --runs <n>            Lighthouse runs per route, keeping the median performance run (default 1)
 *   --host <name>         host name the browser uses (default localhost: a secure context for
 *                         Chromium and for Lighthouse's is-on-https; 127.0.0.1 is too)
 *   --strict              exit 1 when a route misses a budget
 * Chromium: CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { cp, mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import AxeBuilder from '@axe-core/playwright'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse, { type Result as LighthouseResult } from 'lighthouse'
import { chromium } from 'playwright-core'
import { publicPaths } from '#app/site/route-table.ts'
import { startServerProcess, vapidEnvironment } from '#tests/server/helpers/server-process.ts'
import { median } from './median.ts'

const root = path.join(import.meta.dirname, '..')
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const axeViewports = [
  { name: 'phone', width: 375, height: 740 },
  { name: 'desktop', width: 1280, height: 900 },
] as const
const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const
type Category = (typeof categories)[number]

const KB = 1024
/** docs/contracts.md, "Quality budgets". */
const budget = {
  jsNoFormAimBytes: 10 * KB,
  jsMaxBytes: 120 * KB,
  jsFormBytes: 70 * KB,
  /** Largest contentful paint, simulated mobile: on every route (the median aim, 1.0 s, is reported). */
  lcpMaxMs: 1200,
  lcpMedianMs: 1000,
  minScore: { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 } as Record<
    Category,
    number
  >,
  axeViolations: 0,
  cls: 0,
}

/** One route per page type, for --sample. */
const samplePaths = [
  '/',
  '/about',
  '/about/testimonials',
  '/contact',
  '/get-a-quote',
  '/services',
  '/services/free-consultation',
  '/insurance-carriers',
  '/insurance',
  '/insurance/vehicle',
  '/insurance/vehicle/auto',
  '/insurance/vehicle/boat',
  '/insurance/business/workers-compensation',
  '/es',
  '/es/insurance/vehicle/boat',
]

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    build: { type: 'boolean', default: true },
    routes: { type: 'string' },
    sample: { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: true },
    axe: { type: 'boolean', default: true },
    host: { type: 'string', default: 'localhost' },
    runs: { type: 'string', default: '1' },
    strict: { type: 'boolean', default: false },
  },
})

// ---------------------------------------------------------------------------------------------
// Results

interface LostPoints {
  id: string
  title: string
  score: number
  /** Approximate points of the category score this audit costs (weight share × (1 − score)). */
  points: number
  displayValue?: string
  explanation?: string
  /** Set when the loss comes from this benchmark's environment, not from the site. */
  expected?: string
}

interface LighthouseFigures {
  scores: Record<Category, number | null>
  fcpMs: number
  lcpMs: number
  speedIndexMs: number
  tbtMs: number
  /**
   * Long tasks of Lighthouse's simulated load (50 ms or more each, summed): `browser`, those it
   * attributes to no script or URL of the page ("Unattributable": the browser's own work, Lighthouse's
   * instrumentation included), work no change to the page removes; `page`, the tasks of the page's
   * document and scripts (parsing, style, layout, our script). Both grow on a slower machine.
   */
  longTasksMs: { browser: number; page: number }
  cls: number
  totalBytes: number
  jsBytes: number
  requests: number
  /** Requests to another origin than the site's (none are expected: third-party frames are lazy). */
  otherOrigins: string[]
  consoleErrors: string[]
  lostPoints: Partial<Record<Category, LostPoints[]>>
  /** Performance insights and diagnostics that do not score but point at savings. */
  insights: { id: string; score: number | null; displayValue?: string }[]
  runWarnings: string[]
  runtimeError?: string
  durationMs: number
  /** Lighthouse runs this route needed (a run without a usable trace is retried). */
  attempts: number
  /** Performance score of each run (--runs); the figures are those of the median run. */
  performanceRuns: number[]
}

interface AxeFigures {
  viewport: string
  violations: number
  nodes: number
  rules: { id: string; impact: string | null | undefined; nodes: number; help: string; targets: string[] }[]
  incomplete: number
  otherOrigins: string[]
  consoleErrors: string[]
}

interface RouteResult {
  path: string
  url: string
  status: number
  hasForm: boolean
  lighthouse?: LighthouseFigures
  /**
   * gzip -9 size of the scripts the page loads once the visitor has touched it (the axe pass: a key
   * press wakes a form page's island; app/site/lead-form-island.ts). Lighthouse, which never touches
   * the page, sees only what loads without a touch (its "KB JS").
   */
  jsGzipBytes?: number
  axe: AxeFigures[]
  failures: string[]
  warnings: string[]
}

// ---------------------------------------------------------------------------------------------
// Helpers

function packageVersion(name: string): string {
  const manifest = JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8'))
  return String(manifest.version)
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** The long-tasks audit's tasks, summed: those it attributes to no URL, and the rest. */
function longTasks(result: { details?: unknown } | undefined): { browser: number; page: number } {
  const details = result?.details as { items?: { url?: unknown; duration?: unknown }[] } | undefined
  const sums = { browser: 0, page: 0 }
  for (const item of details?.items ?? []) {
    const duration = typeof item.duration === 'number' ? item.duration : 0
    if (item.url === 'Unattributable') sums.browser += duration
    else sums.page += duration
  }
  return { browser: Math.round(sums.browser), page: Math.round(sums.page) }
}

const kb = (bytes: number | undefined) => (bytes === undefined ? '–' : (bytes / KB).toFixed(1))
const fixed = (value: number | null | undefined, digits = 0) =>
  value === undefined || value === null || Number.isNaN(value) ? '–' : value.toFixed(digits)

/** The URL a Lighthouse table row is about (network rows carry `url`, console rows `sourceLocation.url`). */
function itemUrl(item: Record<string, unknown>): string {
  const location = item.sourceLocation as { url?: string } | undefined
  return String(item.url ?? location?.url ?? '')
}

function originOf(url: string): string | undefined {
  try {
    const { protocol, origin } = new URL(url)
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined
  } catch {
    return undefined
  }
}

// ---------------------------------------------------------------------------------------------
// Server

interface RunningServer {
  origin: string
  /** Stops the server and removes its data and its copy of the tree. */
  stop: () => Promise<void>
}

/** Latest modification time under a folder: changes whenever a build rewrites it. */
async function fingerprint(dir: string): Promise<number> {
  let latest = (await stat(dir)).mtimeMs
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    const { mtimeMs } = await stat(path.join(entry.parentPath, entry.name))
    latest = Math.max(latest, mtimeMs)
  }
  return latest
}

/**
 * A private copy of the server code and the site build, so that a build started elsewhere during
 * the run (tests, another terminal) cannot change the pages under measurement. The other folders
 * the server imports (forms, config, app, node_modules) are linked, not copied.
 */
async function snapshotTree(): Promise<string> {
  const clientDir = path.join(root, 'build', 'client')
  for (let attempt = 1; ; attempt++) {
    const tree = await mkdtemp(path.join(tmpdir(), 'bench-web-tree-'))
    const before = await fingerprint(clientDir)
    await cp(path.join(root, 'server'), path.join(tree, 'server'), { recursive: true })
    await cp(clientDir, path.join(tree, 'build', 'client'), { recursive: true })
    // the server's renderer for forms posted without JavaScript (server/no-js)
    await cp(path.join(root, 'build', 'no-js'), path.join(tree, 'build', 'no-js'), { recursive: true })
    const settled = before === (await fingerprint(clientDir))
    if (settled) {
      for (const name of ['app', 'config', 'content', 'forms', 'node_modules', 'package.json']) {
        await symlink(path.join(root, name), path.join(tree, name))
      }
      return tree
    }
    await rm(tree, { recursive: true, force: true })
    if (attempt === 5) throw new Error('build/client kept changing (a build running elsewhere?); try again')
    console.log('build/client is being rewritten by another build; waiting to copy it...')
    await sleep(10_000)
  }
}

async function startServer(host: string, tree: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-web-data-'))
  const remove = async () => {
    await rm(dataDir, { recursive: true, force: true })
    await rm(tree, { recursive: true, force: true })
  }
  const server = await startServerProcess({
    script: path.join(tree, 'server', 'main.ts'),
    env: {
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LEAD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      // Production refuses to start without the phone notifications' key pair.
      ...vapidEnvironment(),
      // the delivery worker has nothing to deliver; keep it quiet
      DELIVERY_POLL_MS: '60000',
    },
    // A fresh embedded database starts in seconds, but far slower when other work shares the cores.
    timeoutMs: 90_000,
  }).catch(async (error: unknown) => {
    await remove()
    throw error
  })
  const stop = async () => {
    await server.stop()
    await remove()
  }
  const origin = `http://${host}:${new URL(server.url).port}`
  if (host !== '127.0.0.1') {
    // the browser resolves the host itself; make sure it reaches the server (e.g. localhost → ::1 first)
    const response = await fetch(`${origin}/api/health`).catch(() => undefined)
    if (!response?.ok) {
      await stop()
      throw new Error(`${origin} does not reach the server (listening on 127.0.0.1); try --host=127.0.0.1`)
    }
  }
  return { origin, stop }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** Losses that come from where the benchmark runs, not from the site, with the reason. */
function expectedReason(
  id: string,
  audit: LighthouseResult['audits'][string],
  origin: string,
): string | undefined {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  const urls = items.map(itemUrl).filter(Boolean)
  const allElsewhere = urls.length > 0 && urls.every((url) => originOf(url) && originOf(url) !== origin)
  switch (id) {
    case 'is-on-https':
    case 'redirects-http':
      return 'served over http on loopback for the benchmark; production serves HTTPS'
    case 'canonical':
      return `the canonical names the configured production origin (config/agency.ts siteUrl), not ${origin}`
    case 'errors-in-console':
    case 'inspector-issues':
      return allElsewhere ? 'errors come from other origins, unreachable in this closed network' : undefined
    default:
      return undefined
  }
}

const lighthouseAttempts = 3

function lighthouseFigures(
  lhr: LighthouseResult,
  origin: string,
  durationMs: number,
): Omit<LighthouseFigures, 'attempts' | 'performanceRuns'> {
  const audit = (id: string) => lhr.audits[id]
  const numeric = (id: string) => audit(id)?.numericValue ?? Number.NaN
  const requests =
    (audit('network-requests')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  const scriptRequests = requests.filter((item) => item.resourceType === 'Script')
  const summary =
    (audit('resource-summary')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  const summaryOf = (type: string) => summary.find((item) => item.resourceType === type)
  const jsBytes = Number(
    summaryOf('script')?.transferSize ??
      scriptRequests.reduce((sum, item) => sum + Number(item.transferSize ?? 0), 0),
  )
  const totalBytes = Number(summaryOf('total')?.transferSize ?? numeric('total-byte-weight'))
  const otherOrigins = [
    ...new Set(
      requests
        .map((item) => String(item.url))
        .filter((url) => {
          const requestOrigin = originOf(url)
          return requestOrigin !== undefined && requestOrigin !== origin
        }),
    ),
  ]
  const consoleItems =
    (audit('errors-in-console')?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []
  const consoleErrors = consoleItems.map(
    (item) =>
      `${String(item.source ?? '')}: ${String(item.description ?? '')}${itemUrl(item) ? ` (${itemUrl(item)})` : ''}`,
  )

  const scores = {} as Record<Category, number | null>
  const lostPoints: Partial<Record<Category, LostPoints[]>> = {}
  for (const category of categories) {
    const entry = lhr.categories[category]
    scores[category] =
      entry?.score === null || entry?.score === undefined ? null : Math.round(entry.score * 100)
    if (!entry) continue
    const scored = entry.auditRefs.filter((ref) => {
      const mode = audit(ref.id)?.scoreDisplayMode
      return ref.weight > 0 && mode !== 'notApplicable' && mode !== 'manual' && mode !== 'informative'
    })
    const totalWeight = scored.reduce((sum, ref) => sum + ref.weight, 0)
    const lost: LostPoints[] = []
    for (const ref of scored) {
      const result = audit(ref.id)
      if (!result || result.score === null || result.score >= 1) continue
      const explanation = result.explanation ?? result.errorMessage
      lost.push({
        id: ref.id,
        title: result.title,
        score: result.score,
        points: Math.round(((ref.weight * (1 - result.score)) / totalWeight) * 1000) / 10,
        ...(result.displayValue ? { displayValue: result.displayValue } : {}),
        ...(explanation ? { explanation } : {}),
        ...(expectedReason(ref.id, result, origin)
          ? { expected: expectedReason(ref.id, result, origin) }
          : {}),
      })
    }
    if (lost.length) lostPoints[category] = lost.sort((a, b) => b.points - a.points)
  }
  const insights = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.weight === 0 && (ref.group === 'insights' || ref.group === 'diagnostics'))
    .map((ref) => audit(ref.id))
    .filter(
      (result) =>
        result && result.score !== null && result.score < 0.9 && result.scoreDisplayMode !== 'informative',
    )
    .map((result) => ({
      id: result?.id ?? '',
      score: result?.score ?? null,
      ...(result?.displayValue ? { displayValue: result.displayValue } : {}),
    }))

  return {
    scores,
    fcpMs: numeric('first-contentful-paint'),
    lcpMs: numeric('largest-contentful-paint'),
    speedIndexMs: numeric('speed-index'),
    tbtMs: numeric('total-blocking-time'),
    longTasksMs: longTasks(audit('long-tasks')),
    cls: numeric('cumulative-layout-shift'),
    totalBytes,
    jsBytes,
    requests: requests.length,
    otherOrigins,
    consoleErrors,
    lostPoints,
    insights,
    runWarnings: lhr.runWarnings.map(String),
    ...(lhr.runtimeError ? { runtimeError: `${lhr.runtimeError.code}: ${lhr.runtimeError.message}` } : {}),
    durationMs,
  }
}

/** A report without its screenshots and traces' bulk, for bench-results/lighthouse/. */
function trimmedReport(lhr: LighthouseResult): LighthouseResult {
  const audits = { ...lhr.audits }
  for (const id of ['final-screenshot', 'screenshot-thumbnails', 'script-treemap-data']) {
    const entry = audits[id]
    if (entry) audits[id] = { ...entry, details: undefined }
  }
  const { fullPageScreenshot: _, ...rest } = lhr
  return { ...rest, audits } as LighthouseResult
}

/** One Lighthouse run; a run that fails to record its trace (NO_NAVSTART, NO_FCP, …) is retried. */
async function lighthouseOnce(
  url: string,
  port: number,
): Promise<{ lhr?: LighthouseResult; attempts: number }> {
  let lhr: LighthouseResult | undefined
  let attempts = 0
  while (attempts < lighthouseAttempts && (!lhr || lhr.runtimeError)) {
    attempts += 1
    try {
      const result = await lighthouse(url, {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...categories],
      })
      lhr = result?.lhr
    } catch (error) {
      console.error(`  lighthouse failed on ${url}: ${(error as Error).message}`)
    }
    if (lhr?.runtimeError) console.error(`  ${url}: ${lhr.runtimeError.code}, attempt ${attempts}`)
  }
  return { lhr, attempts }
}

async function runLighthouse(
  routes: RouteResult[],
  origin: string,
  reportDir: string,
  runsPerRoute: number,
): Promise<void> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' })
  try {
    // The first load of a fresh browser is slower (caches, compilation): measure from the second.
    const first = routes[0]
    if (first) await lighthouseOnce(first.url, chrome.port)
    let index = 0
    for (const route of routes) {
      index += 1
      const started = Date.now()
      const runs: LighthouseResult[] = []
      let attempts = 0
      for (let run = 0; run < runsPerRoute; run++) {
        const result = await lighthouseOnce(route.url, chrome.port)
        attempts += result.attempts
        if (result.lhr) runs.push(result.lhr)
      }
      // With several runs, keep the one with the median performance score (Lighthouse's advice).
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0))
      const lhr = runs[Math.floor((runs.length - 1) / 2)]
      const durationMs = Date.now() - started
      if (lhr) {
        route.lighthouse = {
          ...lighthouseFigures(lhr, origin, durationMs),
          attempts,
          performanceRuns: runs.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100)),
        }
        const slug = route.path === '/' ? 'index' : route.path.slice(1).replaceAll('/', '_')
        await writeFile(path.join(reportDir, `${slug}.json`), JSON.stringify(trimmedReport(lhr)))
        const s = route.lighthouse.scores
        console.log(
          `  [${index}/${routes.length}] ${route.path}: ${s.performance}/${s.accessibility}/${s['best-practices']}/${s.seo} ` +
            `${runsPerRoute > 1 ? `(performance runs ${route.lighthouse.performanceRuns.join(', ')}) ` : ''}` +
            `in ${(durationMs / 1000).toFixed(1)} s`,
        )
      }
    }
  } finally {
    chrome.kill()
  }
}

// ---------------------------------------------------------------------------------------------
// axe-core

async function runAxe(routes: RouteResult[], origin: string): Promise<void> {
  const browser = await chromium.launch({ executablePath: chromePath, args: chromeFlags })
  try {
    for (const viewport of axeViewports) {
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      })
      for (const route of routes) {
        const page = await context.newPage()
        const otherOrigins = new Set<string>()
        const consoleErrors: string[] = []
        const scripts = new Set<string>()
        page.on('request', (request) => {
          const requestOrigin = originOf(request.url())
          if (requestOrigin && requestOrigin !== origin) otherOrigins.add(request.url())
          else if (request.resourceType() === 'script' || /\.m?js(\?|$)/.test(request.url()))
            scripts.add(request.url())
        })
        page.on('console', (message) => {
          if (message.type() !== 'error') return
          const { url } = message.location()
          consoleErrors.push(url ? `${message.text()} (${url})` : message.text())
        })
        page.on('pageerror', (error) => consoleErrors.push(`pageerror: ${error.message}`))
        try {
          await page.goto(route.url, { waitUntil: 'networkidle' })
          // The visitor's first touch (a key that changes nothing): a form page's island wakes, and
          // axe checks the form as a visitor uses it (remaining-fields line, greyed button, steps).
          await page.keyboard.press('Shift')
          if (route.hasForm) await page.locator('form[data-hydrated]').first().waitFor({ timeout: 15_000 })
          await page.waitForLoadState('networkidle')
          const sizes = await Promise.all([...scripts].map(gzipSize))
          route.jsGzipBytes = Math.max(
            route.jsGzipBytes ?? 0,
            sizes.reduce((sum, size) => sum + size, 0),
          )
          const results = await new AxeBuilder({ page }).withTags(wcagTags).exclude('iframe').analyze()
          route.axe.push({
            viewport: viewport.name,
            violations: results.violations.length,
            nodes: results.violations.reduce((sum, rule) => sum + rule.nodes.length, 0),
            rules: results.violations.map((rule) => ({
              id: rule.id,
              impact: rule.impact,
              nodes: rule.nodes.length,
              help: rule.help,
              targets: rule.nodes.slice(0, 5).map((node) => node.target.join(' ')),
            })),
            incomplete: results.incomplete.length,
            otherOrigins: [...otherOrigins],
            consoleErrors,
          })
        } catch (error) {
          console.error(`  axe failed on ${route.path} (${viewport.name}): ${(error as Error).message}`)
        } finally {
          await page.close()
        }
      }
      await context.close()
      console.log(`  axe at ${viewport.name} width: ${routes.length} routes`)
    }
  } finally {
    await browser.close()
  }
}

// ---------------------------------------------------------------------------------------------
// Budgets

const gzipCache = new Map<string, number>()

/** gzip -9 size of a script as served (decoded), fetched once per URL. */
async function gzipSize(url: string): Promise<number> {
  const cached = gzipCache.get(url)
  if (cached !== undefined) return cached
  const response = await fetch(url)
  const body = Buffer.from(await response.arrayBuffer())
  const size = gzipSync(body, { level: 9 }).length
  gzipCache.set(url, size)
  return size
}

function checkBudgets(route: RouteResult): void {
  const { failures, warnings } = route
  if (route.status !== 200) failures.push(`HTTP ${route.status}`)
  if (route.jsGzipBytes !== undefined) {
    const js = route.jsGzipBytes
    if (route.hasForm && js > budget.jsFormBytes) {
      failures.push(`JS ${kb(js)} KB gzip > ${kb(budget.jsFormBytes)} KB (page with a form)`)
    } else if (!route.hasForm && js > budget.jsMaxBytes) {
      failures.push(`JS ${kb(js)} KB gzip > ${kb(budget.jsMaxBytes)} KB (page without a form)`)
    } else if (!route.hasForm && js > budget.jsNoFormAimBytes) {
      warnings.push(
        `JS ${kb(js)} KB gzip over the ${kb(budget.jsNoFormAimBytes)} KB aim (page without a form)`,
      )
    }
  }
  const lh = route.lighthouse
  if (lh) {
    if (lh.runtimeError) failures.push(`Lighthouse error ${lh.runtimeError}`)
    for (const category of categories) {
      const score = lh.scores[category]
      if (score === null) {
        failures.push(`${category}: no score`)
      } else if (score < budget.minScore[category]) {
        const causes = (lh.lostPoints[category] ?? [])
          .slice(0, 4)
          .map((loss) => `${loss.id}${loss.expected ? ' (expected here)' : ''}`)
          .join(', ')
        failures.push(`${category} ${score} < ${budget.minScore[category]}${causes ? `: ${causes}` : ''}`)
      }
    }
    if (lh.cls > budget.cls) failures.push(`CLS ${lh.cls.toFixed(4)} > 0`)
    if (lh.lcpMs > budget.lcpMaxMs) failures.push(`LCP ${Math.round(lh.lcpMs)} ms > ${budget.lcpMaxMs} ms`)
    for (const warning of lh.runWarnings) warnings.push(`Lighthouse: ${warning}`)
  } else if (args.lighthouse) {
    failures.push('Lighthouse did not run')
  }
  for (const axe of route.axe) {
    if (axe.violations > budget.axeViolations) {
      failures.push(
        `axe (${axe.viewport}): ${axe.rules.map((rule) => `${rule.id}×${rule.nodes}`).join(', ')}`,
      )
    }
    if (axe.consoleErrors.length)
      warnings.push(`${axe.viewport}: console errors: ${axe.consoleErrors.join(' | ')}`)
  }
  if (args.axe && route.axe.length < axeViewports.length) failures.push('axe did not run at every width')
}

// ---------------------------------------------------------------------------------------------
// Report

interface Column {
  title: string
  value: (route: RouteResult) => number | undefined
  format: (value: number | undefined) => string
}

const columns: Column[] = [
  {
    title: 'perf',
    value: (r) => r.lighthouse?.scores.performance ?? undefined,
    format: (v) => fixed(v),
  },
  {
    title: 'a11y',
    value: (r) => r.lighthouse?.scores.accessibility ?? undefined,
    format: (v) => fixed(v),
  },
  {
    title: 'bp',
    value: (r) => r.lighthouse?.scores['best-practices'] ?? undefined,
    format: (v) => fixed(v),
  },
  {
    title: 'seo',
    value: (r) => r.lighthouse?.scores.seo ?? undefined,
    format: (v) => fixed(v),
  },
  { title: 'LCP ms', value: (r) => r.lighthouse?.lcpMs, format: (v) => fixed(v) },
  { title: 'CLS', value: (r) => r.lighthouse?.cls, format: (v) => fixed(v, 3) },
  { title: 'TBT ms', value: (r) => r.lighthouse?.tbtMs, format: (v) => fixed(v) },
  { title: 'KB total', value: (r) => r.lighthouse?.totalBytes, format: kb },
  { title: 'KB JS', value: (r) => r.lighthouse?.jsBytes, format: kb },
  { title: 'KB JS gz', value: (r) => r.jsGzipBytes, format: kb },
  {
    title: 'axe',
    value: (r) => (r.axe.length ? r.axe.reduce((sum, a) => sum + a.violations, 0) : undefined),
    format: (v) => fixed(v),
  },
  {
    // requests that left the site's origin (third-party frames are meant to stay unloaded)
    title: 'ext',
    value: (r) => otherOriginUrls(r).length,
    format: (v) => fixed(v),
  },
]

function rowCells(route: RouteResult): string[] {
  return [
    route.path,
    route.hasForm ? 'yes' : 'no',
    ...columns.map((column) => column.format(column.value(route))),
    route.failures.length ? 'FAIL' : route.warnings.length ? 'warn' : 'ok',
  ]
}

const headers = ['route', 'form', ...columns.map((column) => column.title), 'budget']
const summaryHeaders = ['all routes', ...columns.map((column) => column.title)]

/** Every URL outside the site's origin that a route requested, in any of the three runs. */
function otherOriginUrls(route: RouteResult): string[] {
  return [
    ...new Set([...(route.lighthouse?.otherOrigins ?? []), ...route.axe.flatMap((axe) => axe.otherOrigins)]),
  ]
}

function textTable(rows: string[][], head = headers): string {
  const headers = head
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...rows.map((row) => (row[i] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')
  return [line(headers), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n')
}

function markdownTable(head: string[], rows: string[][]): string {
  const align = head.map((_, i) => (i === 0 ? '---' : '---:'))
  return [head, align, ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n')
}

function summaryRows(routes: RouteResult[]): string[][] {
  const stat = (pick: (values: number[]) => number, label: string) => [
    label,
    ...columns.map((column) => {
      const values = routes.map(column.value).filter((value): value is number => value !== undefined)
      return values.length ? column.format(pick(values)) : '–'
    }),
  ]
  return [
    stat((values) => Math.min(...values), 'min'),
    stat(median, 'median'),
    stat((values) => Math.max(...values), 'max'),
  ]
}

// ---------------------------------------------------------------------------------------------
// Main

const allPaths = [...publicPaths('en'), ...publicPaths('es')]
let selected = allPaths
if (args.routes) {
  const wanted = args.routes
    .split(',')
    .map((route) => route.trim())
    .filter(Boolean)
  const unknown = wanted.filter((route) => !allPaths.includes(route))
  if (unknown.length) {
    console.error(`not public routes: ${unknown.join(', ')}`)
    process.exit(2)
  }
  selected = wanted
} else if (args.sample) {
  selected = samplePaths.filter((route) => allPaths.includes(route))
}
const fullRun = selected.length === allPaths.length
const runsPerRoute = Math.max(1, Number.parseInt(args.runs, 10) || 1)

if (args.build) {
  console.log('Building the site (npm run build; --no-build skips)...')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    console.error('npm run build failed')
    process.exit(1)
  }
}

const resultsDir = path.join(root, 'bench-results')
const reportDir = path.join(resultsDir, 'lighthouse')
await mkdir(reportDir, { recursive: true })

const startedAt = new Date()
/** 1-minute load average sampled during the Lighthouse runs (the run itself adds about 1 to it). */
const loadSamples: number[] = []
const server = await startServer(args.host, await snapshotTree())
const stopServer = () => {
  server.stop().then(
    () => process.exit(130),
    () => process.exit(130),
  )
}
process.once('SIGINT', stopServer)
process.once('SIGTERM', stopServer)
console.log(
  `Server at ${server.origin} (NODE_ENV=production, a copy of server/ and build/client, embedded database in a temporary DATA_DIR)`,
)
console.log(`${selected.length} routes${fullRun ? ' (all public routes, both languages)' : ''}`)

const routes: RouteResult[] = []
let exitCode = 0
try {
  for (const routePath of selected) {
    const url = `${server.origin}${routePath}`
    const response = await fetch(url)
    const html = await response.text()
    routes.push({
      path: routePath,
      url,
      status: response.status,
      hasForm: /<form[\s>]/.test(html),
      axe: [],
      failures: [],
      warnings: [],
    })
  }

  if (args.lighthouse) {
    console.log('Lighthouse (mobile, simulated throttling)...')
    const sampler = setInterval(() => loadSamples.push(loadavg()[0] ?? 0), 5_000)
    try {
      await runLighthouse(routes, server.origin, reportDir, runsPerRoute)
    } finally {
      clearInterval(sampler)
    }
  }
  if (args.axe) {
    console.log(`axe-core (${wcagTags.join(', ')}; iframes excluded)...`)
    await runAxe(routes, server.origin)
  }
} finally {
  process.removeListener('SIGINT', stopServer)
  process.removeListener('SIGTERM', stopServer)
  await server.stop()
}

for (const route of routes) checkBudgets(route)
const failing = routes.filter((route) => route.failures.length)
const warned = routes.filter((route) => !route.failures.length && route.warnings.length)
const finishedAt = new Date()

// Losses Lighthouse reports across routes, by audit: what to fix first.
const lossesByAudit = new Map<
  string,
  { category: Category; routes: string[]; points: number; example: LostPoints }
>()
for (const route of routes) {
  for (const category of categories) {
    for (const loss of route.lighthouse?.lostPoints[category] ?? []) {
      const key = `${category}/${loss.id}`
      const entry = lossesByAudit.get(key) ?? { category, routes: [], points: 0, example: loss }
      entry.routes.push(route.path)
      entry.points = Math.max(entry.points, loss.points)
      lossesByAudit.set(key, entry)
    }
  }
}
const losses = [...lossesByAudit.entries()].sort((a, b) => b[1].routes.length - a[1].routes.length)

/** Where the blocking time came from, over the routes Lighthouse measured: min / median / max. */
const measured = routes.flatMap((route) => (route.lighthouse ? [route.lighthouse.longTasksMs] : []))
const spread = (values: number[]) =>
  `${Math.min(...values)} / ${Math.round(median(values))} / ${Math.max(...values)} ms`
const longTaskLine = measured.length
  ? `Long tasks per route in Lighthouse's simulated load (min / median / max): the browser's own, ` +
    `attributed to no script or URL of the page, ${spread(measured.map((tasks) => tasks.browser))}; ` +
    `the page's document and scripts, ${spread(measured.map((tasks) => tasks.page))}.`
  : undefined
// Third-party URLs requested during the runs, with the routes and runs that requested them.
const thirdParty = new Map<string, Record<'lighthouse' | 'phone' | 'desktop', string[]>>()
for (const route of routes) {
  const runs: ['lighthouse' | 'phone' | 'desktop', string[]][] = [
    ['lighthouse', route.lighthouse?.otherOrigins ?? []],
    ...route.axe.map((axe): ['phone' | 'desktop', string[]] => [
      axe.viewport as 'phone' | 'desktop',
      axe.otherOrigins,
    ]),
  ]
  for (const [run, urls] of runs) {
    for (const url of urls) {
      const entry = thirdParty.get(url) ?? { lighthouse: [], phone: [], desktop: [] }
      entry[run].push(route.path)
      thirdParty.set(url, entry)
    }
  }
}
const thirdPartyLines = [...thirdParty.entries()].map(([url, runs]) => {
  const any = new Set([...runs.lighthouse, ...runs.phone, ...runs.desktop])
  const few = any.size <= 6 ? ` (${[...any].join(', ')})` : ''
  return (
    `${url}: ${any.size} routes${few}; Lighthouse mobile load ${runs.lighthouse.length}, ` +
    `phone ${runs.phone.length}, desktop ${runs.desktop.length}`
  )
})

console.log(`\n${textTable(routes.map(rowCells))}\n`)
console.log(textTable(summaryRows(routes), summaryHeaders))
console.log(
  `\n${routes.length} routes, ${routes.length - failing.length} within budget, ${failing.length} failing.`,
)
if (longTaskLine) console.log(`\n${longTaskLine}`)
if (losses.length) {
  console.log('\nLighthouse audits costing points (routes affected, worst loss):')
  for (const [key, entry] of losses) {
    const loss = entry.example
    console.log(
      `  ${key}: ${entry.routes.length} routes, up to ${entry.points} pts` +
        `${loss.displayValue ? ` — e.g. ${entry.routes[0]}: ${loss.displayValue}` : ''}${loss.explanation ? ` — ${loss.explanation}` : ''}` +
        `${loss.expected ? ` [expected: ${loss.expected}]` : ''}`,
    )
  }
}
console.log(
  thirdPartyLines.length
    ? `\nThird-party frames requested during page load (the network is closed here, so they failed at once ` +
        `and weigh nothing in these figures; on a real network they would count):\n  ${thirdPartyLines.join('\n  ')}`
    : '\nNo request left the site origin on any route (third-party frames stayed unloaded).',
)
if (failing.length) {
  console.log('\nFailing routes:')
  for (const route of failing) console.log(`  ${route.path}: ${route.failures.join('; ')}`)
}
if (warned.length) {
  console.log('\nWarnings:')
  for (const route of warned) console.log(`  ${route.path}: ${route.warnings.join('; ')}`)
}

const environment = {
  node: process.version,
  cpus: cpus().length,
  cpuModel: cpus()[0]?.model,
  chromium: spawnSync(chromePath, ['--version'], { encoding: 'utf8' }).stdout.trim(),
  lighthouse: packageVersion('lighthouse'),
  axeCore: packageVersion('axe-core'),
  origin: server.origin,
  lighthouseRunsPerRoute: runsPerRoute,
  /** 1-minute load average during the Lighthouse runs: other work on the machine makes TBT noisy. */
  loadAverage: {
    mean:
      Math.round((loadSamples.reduce((sum, load) => sum + load, 0) / (loadSamples.length || 1)) * 100) / 100,
    max: Math.round(Math.max(0, ...loadSamples) * 100) / 100,
  },
}
// The benchmark itself (Chromium, Lighthouse, the server) keeps about one core busy.
const busy = environment.loadAverage.mean > cpus().length + 0.5
const busyNote =
  `The machine was busy during the Lighthouse runs (1-minute load average ${environment.loadAverage.mean} ` +
  `on average, up to ${environment.loadAverage.max}, on ${environment.cpus} cores; the benchmark alone ` +
  'makes about 1): main-thread figures (TBT, and through it the performance score) are inflated and ' +
  'noisy; run again on a quiet machine, or with --runs=3.'
if (busy) console.log(`\n${busyNote}`)
const report = {
  startedAt: startedAt.toISOString(),
  durationSeconds: Math.round((finishedAt.getTime() - startedAt.getTime()) / 1000),
  environment,
  budget,
  routesSelected: fullRun ? 'all' : selected,
  summary: {
    routes: routes.length,
    failing: failing.map((route) => ({ path: route.path, failures: route.failures })),
    warnings: routes
      .filter((route) => route.warnings.length)
      .map((route) => ({ path: route.path, warnings: route.warnings })),
    columns: Object.fromEntries(
      columns.map((column) => {
        const values = routes.map(column.value).filter((value): value is number => value !== undefined)
        return [column.title, { min: Math.min(...values), median: median(values), max: Math.max(...values) }]
      }),
    ),
    lighthouseLosses: losses.map(([key, entry]) => ({
      audit: key,
      routes: entry.routes,
      maxPoints: entry.points,
      displayValue: entry.example.displayValue,
      explanation: entry.example.explanation,
      expected: entry.example.expected,
    })),
    thirdPartyRequests: Object.fromEntries(thirdParty),
  },
  routes,
}
await writeFile(path.join(resultsDir, 'web.json'), `${JSON.stringify(report, null, 2)}\n`)
console.log(`\nWrote bench-results/web.json and bench-results/lighthouse/*.json`)

if (fullRun && args.lighthouse && args.axe) {
  const md = [
    '# Web benchmark: latest full run',
    '',
    `Generated by \`npm run bench:web\` (scripts/bench-web.ts) on ${startedAt.toISOString().slice(0, 10)}: ` +
      `${routes.length} public routes (English and Spanish), Lighthouse ${environment.lighthouse} mobile ` +
      `(simulated slow 4G, 4× CPU slowdown) and axe-core ${environment.axeCore} (WCAG 2.2 A/AA, phone and ` +
      `desktop widths), ${environment.chromium}, ${environment.cpus} CPU cores, the production build served ` +
      'by the real server on loopback. Budgets: docs/contracts.md (Quality budgets). "KB JS" is the transfer size ' +
      'Lighthouse saw while the page loaded, untouched (the server may answer Brotli); "KB JS gz" is the gzip -9 size ' +
      "of the scripts the page loads once the visitor touches it (a form page's island), which the budget counts. " +
      `${runsPerRoute === 1 ? 'One Lighthouse run' : `${runsPerRoute} Lighthouse runs (the median kept)`} per route ` +
      `after a warm-up run; 1-minute load average ${environment.loadAverage.mean} on average during them ` +
      `(up to ${environment.loadAverage.max}); ${Math.round(report.durationSeconds / 60)} minutes in all.`,
    '',
    ...(busy ? [`> ${busyNote}`, ''] : []),
    `**${routes.length - failing.length} of ${routes.length} routes within budget.**`,
    '',
    '## Summary',
    '',
    markdownTable(summaryHeaders, summaryRows(routes)),
    '',
    'Columns: Lighthouse scores (perf, a11y, bp = best practices, seo); LCP, CLS and TBT from the ' +
      'Lighthouse mobile run; KB total and KB JS transferred; KB JS gz = gzip -9 of the scripts the page ' +
      'loads once touched; axe (checked after that touch) = WCAG violations at both widths; ext = URLs requested outside the site origin (third-party ' +
      'frames). Budget: ok, warn (within budget, with a note in bench-results/web.json) or FAIL.',
    '',
    ...(failing.length
      ? [
          '## Routes over budget',
          '',
          ...failing.map((route) => `- \`${route.path}\`: ${route.failures.join('; ')}`),
          '',
        ]
      : []),
    ...(longTaskLine ? [longTaskLine, ''] : []),
    ...(losses.length
      ? [
          '## Lighthouse audits costing points',
          '',
          ...losses.map(
            ([key, entry]) =>
              `- \`${key}\` on ${entry.routes.length} routes (up to ${entry.points} pts)` +
              `${entry.example.displayValue ? `, e.g. ${entry.routes[0]}: ${entry.example.displayValue}` : ''}` +
              `${entry.example.expected ? ` (expected in this environment: ${entry.example.expected})` : ''}`,
          ),
          '',
        ]
      : []),
    '## Third-party requests',
    '',
    ...(thirdPartyLines.length
      ? [
          'Third-party frames requested during page load (the network is closed here, so they failed at ' +
            'once and weigh nothing in these figures; on a real network they would count):',
          '',
          ...thirdPartyLines.map((line) => `- ${line}`),
        ]
      : ['None: no request left the site origin on any route.']),
    '',
    '## Routes',
    '',
    markdownTable(headers, routes.map(rowCells)),
    '',
  ].join('\n')
  await mkdir(path.join(root, 'docs', 'bench'), { recursive: true })
  await writeFile(path.join(root, 'docs', 'bench', 'web-latest.md'), md)
  console.log('Wrote docs/bench/web-latest.md')
} else {
  console.log('docs/bench/web-latest.md is only rewritten by a full run (all routes, Lighthouse and axe).')
}

if (args.strict && failing.length) exitCode = 1
process.exit(exitCode)
