import { defineConfig } from 'vitest/config'

/**
 * Files that start server processes, time what a flood of sign-ins costs, or count on the password
 * pool's one thread being free. They run after the rest, one file at a time: their deadlines assume
 * the machine's two cores are theirs.
 */
const alone = [
  'backup-job',
  'backup',
  'cluster',
  'crash-durability',
  'delivery-lanes',
  'delivery-stop',
  'delivery',
  'deploy',
  'durability',
  'graceful-stop',
  'node24-bootstrap',
  'password-hash',
  'production-log',
  'rate-limit',
  'restore-files',
  'restore-held',
  'sign-in-burst',
  'sign-in-flood',
  'sign-in-lockout',
  'stored-secrets',
  'web-push-server',
].map((name) => `tests/server/${name}.test.ts`)

// Vitest reads this file instead of vite.config.ts, so tests run without the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Server tests start embedded databases and create PostgreSQL databases: slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The schema migrated once per run; each test database is a copy of it (helpers/test-database.ts).
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
          exclude: alone,
          // Two files at a time (Vitest's default on two cores is one): while one waits on its
          // database, the other computes.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'alone', include: alone, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
