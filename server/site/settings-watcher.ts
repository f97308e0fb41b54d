/**
 * Keeps this process's pages and settings on the version in force: at start (before the first
 * request), every `pollMs`, and at once after a publish made here. Every process sharing the
 * database polls the same indexed read, so all of them show a publish within one poll and one
 * render (a few seconds; docs/decisions/034-site-settings.md). A failed render leaves the version
 * served before and is tried again at the next poll.
 */
import type { FastifyBaseLogger } from 'fastify'
import { wallClock } from '#config/agency-facts.ts'
import type { SiteSettings } from '#config/site-settings.ts'
import type { Database } from '#server/db/database.ts'
import type { SitePages } from './site-pages.ts'
import { publishedVersion, publishedVersionNumber } from './site-settings.ts'
import { ensureVariants, imagesOf } from './site-uploads.ts'

/** Whether `settings`' notice is shown on the office's date at `now`. */
function noticeShownOn(settings: SiteSettings, now: Date): boolean {
  const notice = settings.notice
  if (!notice) return false
  const today = wallClock(now, settings.agency.timeZone).date
  return notice.from <= today && today <= notice.until
}

export interface SettingsWatcher {
  /** The first look, awaited before the server takes requests; then polls. */
  start(): Promise<void>
  /** Looks now (after a publish or a restore on this process); resolves once it is served. */
  refresh(): Promise<void>
  /** Stops polling and gives up this process's lease on its folders (site-folders.ts). */
  stop(): Promise<void>
}

export function watchSiteSettings(options: {
  db: Database
  pages: SitePages
  pollMs: number
  log?: FastifyBaseLogger
}): SettingsWatcher {
  /** The version served, and whether its notice was shown when rendered. */
  let shown = { version: 0, noticeShown: false }
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | undefined
  let again = false

  async function look(): Promise<void> {
    const newest = await publishedVersionNumber(options.db)
    const current = options.pages.current()
    const noticeShown = current ? noticeShownOn(current, new Date()) : false
    if (newest === shown.version && noticeShown === shown.noticeShown) return
    if (newest === 0) {
      options.pages.showDefaults()
      shown = { version: 0, noticeShown: false }
      return
    }
    const version = await publishedVersion(options.db)
    if (!version) return
    const showNotice = noticeShownOn(version.settings, new Date())
    // the version's images first, so its pages never link a file this process lacks
    await ensureVariants(
      options.db,
      options.pages.imagesDir,
      imagesOf(version.settings).map(({ image }) => image),
    )
    await options.pages.publish(version.version, version.settings, { noticeShown: showNotice })
    shown = { version: version.version, noticeShown: showNotice }
    options.log?.info({ version: version.version }, 'site settings: version in force')
  }

  /** One look at a time; a call during a look makes one more look after it. */
  function refresh(): Promise<void> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      try {
        do {
          again = false
          await look()
        } while (again)
      } finally {
        running = undefined
      }
    })()
    return running
  }

  return {
    async start() {
      await refresh()
      timer = setInterval(() => {
        refresh().catch((error: unknown) =>
          options.log?.error({ err: error }, 'site settings: could not render'),
        )
        // tells the processes sharing DATA_DIR which folders this one still serves
        options.pages
          .heartbeat()
          .catch((error: unknown) =>
            options.log?.error({ err: error }, 'site settings: could not mark the folders in use'),
          )
      }, options.pollMs)
      timer.unref()
    },
    refresh,
    async stop() {
      if (timer) clearInterval(timer)
      timer = undefined
      await running?.catch(() => undefined)
      await options.pages.release()
    },
  }
}
