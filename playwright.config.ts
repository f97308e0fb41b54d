import { defineConfig, devices } from '@playwright/test'

// End-to-end tests drive Debian's Chromium (no browser download is possible here) against the
// built site served by the real server, storing leads in a fresh PostgreSQL database that the
// tests read back (scripts/e2e-server.ts).
const port = Number(process.env.E2E_PORT ?? 3107)
export const e2eDataDir = process.env.E2E_DATA_DIR ?? `build/e2e-data-${port}`

export default defineConfig({
  testDir: 'tests/e2e',
  // Drops the run's PostgreSQL database (scripts/e2e-server.ts makes it) once every test is done.
  globalTeardown: './tests/e2e/support/database.ts',
  fullyParallel: true,
  // Two on two cores. Three ran the suite 16% faster on one machine, but on a slower one (the whole
  // suite 17 minutes) a form's script took over five seconds to wake and two tests ran out of time.
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // A bound, not a speed check (speed is measured by npm run bench:web): the longest tests fill a
  // long form, reload and scan it, which took over 30 s on that slower machine.
  timeout: 60_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node scripts/e2e-server.ts',
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Playwright fills a form in a fraction of a second, as only bots do; the e2e server lets that
    // through (tests/e2e/spam.spec.ts runs its own server with the real minimum, typing like a person).
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: e2eDataDir,
      SUBMIT_RATE_LIMIT: '1000/1m',
      SPAM_MIN_FILL_MS: '0',
    },
  },
})
