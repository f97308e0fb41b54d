/**
 * Starts the real server for the end-to-end tests on a fresh PostgreSQL database (so the tests
 * can read the stored leads back), then runs it until Playwright stops it.
 */
import { rm } from 'node:fs/promises'
import pg from 'pg'
import { adminConnectionString, e2eDatabaseName } from '../tests/e2e/support/database.ts'

const admin = new pg.Client({ connectionString: adminConnectionString() })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${e2eDatabaseName} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${e2eDatabaseName}`)
await admin.end()

if (process.env.DATA_DIR) await rm(process.env.DATA_DIR, { recursive: true, force: true })
process.env.DATABASE_URL = adminConnectionString(e2eDatabaseName)
await import('../server/main.ts')
