import { defineConfig } from 'vitest/config'

/**
 * Files whose assertions are time bounds (a mail within 5 s of its OK, a log line within a second,
 * a stop within 5 s, a sign-in while a flood is checked, the password pool's judgement, rate-limit
 * windows, a push within 10 s, the servers' short Redis command timeout in `cluster`). They run
 * last, one file at a time: their bounds assume the machine's two cores are theirs.
 */
const timed = [
  'cluster',
  'delivery-stop',
  'password-hash',
  'production-log',
  'rate-limit',
  'sign-in-burst',
  'sign-in-flood',
  'web-push-server',
].map((name) => `tests/server/${name}.test.ts`)

/**
 * Files that start server processes or scripts, or kill them, and count what they did, with no time
 * bound: most of their time is spent waiting on those processes (a start, a backup, a restore, a
 * drained outbox), so three run at a time, after the in-process files (docs/bench/suite.md).
 * `delivery-lanes` has a bound (a mail within 5 s of its OK) but is a minute of waiting on a clock
 * with its mails at about 1 s (p99, both drivers): it runs here, beside another file, not alone.
 */
const processes = [
  'backup-job',
  'backup',
  'crash-durability',
  'delivery',
  'delivery-lanes',
  'deploy',
  'durability',
  'graceful-stop',
  'node24-bootstrap',
  'restore-files',
  'restore-held',
  'sign-in-lockout',
  'stored-secrets',
].map((name) => `tests/server/${name}.test.ts`)

// Vitest reads this file instead of vite.config.ts, so tests run without the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Server tests start embedded databases and create PostgreSQL databases: slower than unit tests.
    testTimeout: 30_000,
    // As production runs node (scripts/serving.ts): PGlite's WebAssembly by V8's baseline compiler
    // only. Each test file's process would otherwise have TurboFan compile its 9 MB again: about a
    // tenth of the in-process files' CPU time (docs/bench/suite.md, 28 Nov).
    execArgv: ['--liftoff-only'],
    hookTimeout: 120_000,
    // The schema migrated once per run; each test database is a copy of it (helpers/test-database.ts).
    globalSetup: ['tests/server/helpers/global-setup.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'in-process',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
          exclude: [...processes, ...timed],
          // Three files at a time (Vitest's default on two cores is one): while one waits on its
          // database, the others compute (two kept the cores 91 % busy: docs/bench/suite.md, 28 Nov).
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        // Three at a time: alone, two of them kept the cores 70 % busy (docs/bench/suite.md, 28 Nov).
        test: { name: 'processes', include: processes, maxWorkers: 3, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'timed', include: timed, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
    ],
  },
})
