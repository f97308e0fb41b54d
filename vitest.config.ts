import { defineConfig } from 'vitest/config'

// Vitest reads this file instead of vite.config.ts, so tests run without the React Router plugin.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    // Server tests start embedded databases and create PostgreSQL databases: slower than unit tests.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
