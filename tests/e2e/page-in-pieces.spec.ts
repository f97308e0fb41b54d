/**
 * On a slow connection a page's HTML arrives in pieces, and the browser draws what it has. Nothing
 * already drawn may move when the rest arrives: the page is served here through a small relay that
 * sends the HTML up to the end of the page's heading, waits, then sends the rest, and the browser's
 * own layout-shift entries (the ones cumulative layout shift adds up) must total 0.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'

const pause = 1000

let relay: Server
let relayOrigin = ''

test.beforeAll(async ({ baseURL }) => {
  relay = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(new URL(request.url ?? '/', baseURL))
      const type = upstream.headers.get('content-type') ?? 'application/octet-stream'
      const body = Buffer.from(await upstream.arrayBuffer())
      response.writeHead(upstream.status, { 'content-type': type })
      if (!type.startsWith('text/html')) {
        response.end(body)
        return
      }
      const html = body.toString('utf8')
      const cut = html.indexOf('</h1>') + '</h1>'.length
      response.write(html.slice(0, cut))
      await new Promise((resolve) => setTimeout(resolve, pause))
      response.end(html.slice(cut))
    })().catch(() => response.destroy())
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  relayOrigin = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`
})

test.afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve))
})

for (const path of ['/', '/insurance/vehicle/boat', '/es/insurance/property/flood', '/about']) {
  test(`${path}: nothing drawn moves when the rest of the page arrives`, async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await page.goto(`${relayOrigin}${path}`, { waitUntil: 'load' })
    // The first piece was drawn on its own before the rest arrived.
    const { painted, lastByte } = await page.evaluate(() => ({
      painted: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      lastByte: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseEnd,
    }))
    expect(painted).toBeLessThan(lastByte)
    const shift = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            resolve(
              list
                .getEntries()
                .reduce((sum, entry) => sum + (entry as unknown as { value: number }).value, 0),
            )
          }).observe({ type: 'layout-shift', buffered: true })
          // No entry at all: nothing moved.
          setTimeout(() => resolve(0), 500)
        }),
    )
    expect(shift).toBe(0)
  })
}
