/**
 * The server the site settings' tests publish through (site-settings.test.ts, site-uploads.test.ts):
 * one app for the tests of a describe block, on a fresh database of the driver, serving the built
 * site (build/client) and rendering each published version into a site folder of its own, with a
 * signed-in owner and a signed-in staff member who is not one. It looks for new versions once a
 * minute only: a publish made through it is served at once (the desk asks for it), so every
 * assertion reads what that publish rendered.
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '#server/app.ts'
import type { Database, DriverName } from '#server/db/database.ts'
import type { FolderTimes } from '#server/site/site-folders.ts'
import { signedInStaff } from '#tests/kit/staff.ts'
import { useFixture } from './fixture.ts'
import { injectForm, injectJson } from './requests.ts'
import { testAppOptions } from './test-app.ts'
import { openTestDatabase, type TestDatabase } from './test-database.ts'

const clientDir = path.join(import.meta.dirname, '..', '..', '..', 'build', 'client')

interface SiteAppState {
  test: TestDatabase
  siteDir: string
  app: FastifyInstance
  owner: { cookie: string }
  staff: { cookie: string }
}

export interface SiteApp {
  readonly db: TestDatabase['db']
  /** Where the database lives (to copy it: pg_dump, a snapshot). */
  readonly location: string
  /** DATA_DIR/site of the app: its rendered versions, and the images' variants. */
  readonly siteDir: string
  /** The app now (another after `restart`). */
  readonly app: FastifyInstance
  readonly owner: { cookie: string }
  readonly staff: { cookie: string }
  /**
   * Another app (another process): on this app's database and site folder unless others are given.
   * The caller closes it, then `restart`s this one.
   */
  open(options?: { db?: Database; siteDir?: string; siteFolderTimes?: FolderTimes }): Promise<FastifyInstance>
  /**
   * Closes the app and starts it again on the same database and folder, as a restarted server;
   * `whileStopped` runs between the two. The site's settings have one source per process
   * (config/live-settings.ts): after another app was opened in this process, this one takes it back.
   */
  restart(options?: { siteFolderTimes?: FolderTimes }, whileStopped?: () => Promise<void>): Promise<void>
  /** A staff API call with JSON, the owner's session unless another cookie is given. */
  api(
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    body?: unknown,
    cookie?: string,
  ): ReturnType<typeof injectJson>
  /** A desk form posted by the browser (`/admin/site` unless another URL is given), as the owner. */
  deskForm(fields: Record<string, string>, url?: string, cookie?: string): ReturnType<typeof injectForm>
}

export function useSiteApp(driver: DriverName): SiteApp {
  const openApp = (
    state: Pick<SiteAppState, 'test' | 'siteDir'>,
    options: Parameters<SiteApp['open']>[0] = {},
  ) =>
    buildApp(
      testAppOptions(options.db ?? state.test.db, {
        clientDir,
        siteDir: options.siteDir ?? state.siteDir,
        siteSettingsPollMs: 60_000,
        ...(options.siteFolderTimes ? { siteFolderTimes: options.siteFolderTimes } : {}),
      }),
    )
  const opened = useFixture<SiteAppState>(
    'the site settings’ app',
    async () => {
      if (!existsSync(path.join(clientDir, 'contact', 'index.html'))) {
        throw new Error('These tests read the built site: run `npm run build` first.')
      }
      const test = await openTestDatabase(driver)
      const siteDir = await mkdtemp(path.join(tmpdir(), 'agency-site-'))
      const app = await openApp({ test, siteDir })
      const owner = await signedInStaff(test.db, 'owner@agency.example', { role: 'owner' })
      const staff = await signedInStaff(test.db, 'desk@agency.example')
      return { test, siteDir, app, owner, staff }
    },
    async (state) => {
      await state.app.close()
      await state.test.dispose()
      await rm(state.siteDir, { recursive: true, force: true })
    },
  )
  return {
    get db() {
      return opened().test.db
    },
    get location() {
      return opened().test.location
    },
    get siteDir() {
      return opened().siteDir
    },
    get app() {
      return opened().app
    },
    get owner() {
      return opened().owner
    },
    get staff() {
      return opened().staff
    },
    open: (options) => openApp(opened(), options),
    async restart(options, whileStopped) {
      const state = opened()
      await state.app.close()
      await whileStopped?.()
      state.app = await openApp(state, options)
    },
    api: (method, url, body, cookie = opened().owner.cookie) =>
      injectJson(opened().app, method, url, cookie, body),
    deskForm: (fields, url = '/admin/site', cookie = opened().owner.cookie) =>
      injectForm(opened().app, url, fields, { cookie }),
  }
}
