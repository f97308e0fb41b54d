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
  // Three on two cores: most of a test's time is waiting (the server, the database, a typist's pauses,
  // a page's timers), and three workers ran the suite in about 16% less time than two.
  workers: 3,
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
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
