/**
 * Vitest's global setup (vitest.config.ts): the schema is migrated once per run, and each test
 * database starts as a copy of it (tests/server/helpers/test-database.ts) instead of running every
 * migration again: a PGlite data folder copied per fixture, a PostgreSQL database made with
 * `CREATE DATABASE … TEMPLATE`. The build's PGlite template (build/pglite-template) serves when it
 * is current (`npm test` builds first); what this makes is deleted when the run ends.
 *
 * Every temporary folder of the run (test databases, data folders, backups, built pages: whatever
 * `os.tmpdir()` gives) lives in one folder in memory (/dev/shm, a tmpfs) when the machine has one:
 * a copied PGlite template is 40 MB in 1,157 files, which took 2.5 to 7 s to write to the disk on
 * a busy machine and 0.4 s in memory (docs/bench/suite.md). The folder goes when the run ends,
 * with whatever a failed test left in it. `TEST_TMPDIR=disk` keeps the system's temporary folder.
 * (docs/decisions/048-test-run-in-memory-and-in-three-groups.md)
 */
import { existsSync } from 'node:fs'
import { access, chmod, constants, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { runMigrations } from '#server/db/migrate.ts'
import {
  builtPgliteTemplate,
  isCurrentPgliteTemplate,
  writePgliteTemplate,
} from '#server/db/pglite-template.ts'
import { openPostgresDatabase } from '#server/db/postgres-database.ts'
import { createScratchDatabase } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's migrated PGlite data folder, copied by each test database. */
    pgliteTemplate: string
    /** The run's migrated PostgreSQL database, the TEMPLATE of each test database. */
    postgresTemplate: string
    /** The system's temporary folder, on the disk: for a test that hard-links the machine's files. */
    diskTmpdir: string
  }
}

/** A folder of the run in memory when the machine has a writable tmpfs at /dev/shm. */
async function memoryTmpdir(): Promise<string | undefined> {
  if (process.env.TEST_TMPDIR === 'disk' || !existsSync('/dev/shm')) return undefined
  try {
    await access('/dev/shm', constants.W_OK)
    const dir = await mkdtemp(path.join('/dev/shm', 'agency-tests-'))
    // As /tmp is: a test that runs the service as another user (deploy.test.ts) reaches its folder.
    await chmod(dir, 0o1777)
    return dir
  } catch {
    return undefined
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // Set before any test file starts: Vitest's workers, and the processes tests start, inherit it.
  // The processes tests start (servers, npm run backup/restore/staff) use node's compile cache, in
  // its usual folder (the one npm's own cache uses, kept between runs): the server's modules are
  // compiled once, not at every start (0.6 s of CPU to 0.3 measured). Node checks each entry
  // against its source.
  process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'node-compile-cache')
  const diskTmpdir = tmpdir()
  const memory = await memoryTmpdir()
  if (memory) process.env.TMPDIR = memory
  const dir = await mkdtemp(path.join(tmpdir(), 'agency-template-'))
  const built = await isCurrentPgliteTemplate(builtPgliteTemplate)
  const pgliteTemplate = built ? builtPgliteTemplate : path.join(dir, 'pglite')
  const [, postgres] = await Promise.all([
    built ? undefined : writePgliteTemplate(pgliteTemplate),
    (async () => {
      const scratch = await createScratchDatabase()
      const db = await openPostgresDatabase(scratch.url)
      try {
        await runMigrations(db)
      } finally {
        await db.close()
      }
      return scratch
    })(),
  ])
  project.provide('pgliteTemplate', pgliteTemplate)
  project.provide('postgresTemplate', new URL(postgres.url).pathname.slice(1))
  project.provide('diskTmpdir', diskTmpdir)
  return async () => {
    await rm(dir, { recursive: true, force: true })
    await postgres.drop()
    if (memory) await rm(memory, { recursive: true, force: true, maxRetries: 5 })
  }
}
