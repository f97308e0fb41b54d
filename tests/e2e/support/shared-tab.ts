import { type BrowserContextOptions, test as base, type Page } from '@playwright/test'

/**
 * A `test` whose `tab` is one browser tab per worker, taken from test to test, with the project's
 * device (user agent, window, touch) and these context options. Only for pages that keep nothing
 * between visits: no cookie, and nothing stored while scripts are off or until a visitor types. A
 * new context and renderer for each test cost about half a second, often more than the test itself.
 * A failed test ends its worker, and with it the tab.
 */
export function testWithSharedTab(options: BrowserContextOptions = {}) {
  return base.extend<object, { tab: Page }>({
    tab: [
      async ({ browser }, use, workerInfo) => {
        const { baseURL, userAgent, viewport, screen, deviceScaleFactor, isMobile, hasTouch } =
          workerInfo.project.use
        const context = await browser.newContext({
          baseURL,
          userAgent,
          viewport,
          screen,
          deviceScaleFactor,
          isMobile,
          hasTouch,
          ...options,
        })
        await use(await context.newPage())
        await context.close()
      },
      { scope: 'worker' },
    ],
  })
}
