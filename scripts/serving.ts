/**
 * How production starts node for the server (docs/decisions/039-liftoff-only.md): scripts/run.sh
 * `serve` (the systemd unit's command) and `start`, and package.json's `start`. The benchmarks
 * start the server the same way; tests/server/deploy.test.ts checks that those places say this.
 */

/**
 * `--liftoff-only`: PGlite's WebAssembly compiled by V8's baseline compiler only; its optimizing
 * compiler (TurboFan) needs 400-500 MB more at its peak for PGlite's largest functions.
 * `--max-semi-space-size=2`: the JavaScript heap's young generation at most 3 × 2 MB per thread
 * instead of 3 × 16 MB, collected more often.
 */
export const servingNodeArgs = ['--liftoff-only', '--max-semi-space-size=2']

/** Set for the server's process: glibc's malloc arenas at two instead of eight per core. */
export const servingEnvironment = { MALLOC_ARENA_MAX: '2' }
