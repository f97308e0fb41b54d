/**
 * How production starts node (scripts/run.sh `serve` and `start`, so the systemd unit too), for the
 * benchmarks to start the server the same way. tests/server/deploy.test.ts checks that run.sh and
 * deploy/agency-site.service say the same.
 */

/** Options for node before server/main.ts. */
export const servingNodeArgs: string[] = []

/** Variables set for the server's process. */
export const servingEnvironment = { MALLOC_ARENA_MAX: 'default' }
