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
 * `--heap-growing-percent=40`: the old generation may grow to 1.4 times what a full collection
 * left before the next one (V8 allows up to 4 times): what a burst of work (a backlog of
 * notifications, a flood of leads) leaves behind is collected before the heap and the memory it
 * holds outside it (Buffers, malloc) pile up.
 */
export const servingNodeArgs = ['--liftoff-only', '--max-semi-space-size=2', '--heap-growing-percent=40']

/** Set for the server's process: glibc's malloc arenas at two instead of eight per core. */
export const servingEnvironment = { MALLOC_ARENA_MAX: '2' }
