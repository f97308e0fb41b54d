import { defineConfig } from 'vitest/config'

/**
 * Tests that time what a stranger's flood of sign-ins costs, or count on the password pool's one
 * thread being free: they run after the rest, one file at a time, on a machine nothing else loads.
 */
const timed = [
  'tests/server/password-hash.test.ts',
  'tests/server/sign-in-burst.test.ts',
  'tests/server/sign-in-flood.test.ts',
  'tests/server/sign-in-lockout.test.ts',
]

// Vitest reads this file instead of vite.config.ts, so tests run without the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    // Server tests start embedded databases and create PostgreSQL databases: slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'tests',
          include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
          exclude: timed,
          // Most server tests wait on a database, a child process or a socket rather than compute:
          // three files at a time keep two cores busy (Vitest's default on two cores is one).
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: { name: 'timed', include: timed, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
})
