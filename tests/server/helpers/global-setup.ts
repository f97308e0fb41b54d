/**
 * Vitest's global setup (vitest.config.ts): the schema is migrated once per run, and each test
 * database starts as a copy of it (tests/server/helpers/test-database.ts) instead of running every
 * migration again: a PGlite data folder copied per fixture, a PostgreSQL database made with
 * `CREATE DATABASE … TEMPLATE`. The build's PGlite template (build/pglite-template) serves when it
 * is current (`npm test` builds first); what this makes is deleted when the run ends.
 */
import { mkdtemp, rm } from 'node:fs/promises'
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
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
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
  return async () => {
    await rm(dir, { recursive: true, force: true })
    await postgres.drop()
  }
}
