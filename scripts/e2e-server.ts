/**
 * Starts the real server for the end-to-end tests on a fresh PostgreSQL database (so the tests
 * can read the stored leads back), then runs it until Playwright stops it.
 */
import { renameSync, writeFileSync } from 'node:fs'
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import { adminConnectionString, e2eDatabaseName } from '#tests/e2e/support/database.ts'
import { e2eMailDir } from '#tests/e2e/support/mail.ts'
import { startSmtpSink } from '#tests/server/helpers/smtp-sink.ts'

const admin = new pg.Client({ connectionString: adminConnectionString() })
await admin.connect()
await admin.query(`DROP DATABASE IF EXISTS ${e2eDatabaseName} WITH (FORCE)`)
await admin.query(`CREATE DATABASE ${e2eDatabaseName}`)
await admin.end()

if (process.env.DATA_DIR) await rm(process.env.DATA_DIR, { recursive: true, force: true })
process.env.DATABASE_URL = adminConnectionString(e2eDatabaseName)

// Lead notifications go to a real SMTP server (smtp-server) in this process; each message that
// arrives is noted as a small JSON file the tests read (Message-ID, recipients, subject, text part).
const mailDir = e2eMailDir(process.env.DATA_DIR ?? 'build/e2e-data')
await mkdir(mailDir, { recursive: true })
const sink = await startSmtpSink()
let noted = 0
setInterval(() => {
  for (; noted < sink.messages.length; noted++) {
    const message = sink.messages[noted]
    const note = {
      messageId: message?.messageId,
      to: message?.envelope.to,
      subject: message?.subject,
      text: message?.text,
    }
    // Written aside, then renamed: a test reading the folder never sees half a note.
    const file = path.join(mailDir, `${String(noted).padStart(6, '0')}.json`)
    writeFileSync(`${file}.partial`, JSON.stringify(note))
    renameSync(`${file}.partial`, file)
  }
}, 100).unref()
process.env.SMTP_URL = sink.url
// No morning digest during a run that crosses 08:00 in the agency's time zone (tests count mail).
process.env.DIGEST_TIME = 'off'
// The tests' webhook receivers listen on 127.0.0.1, and an owner adds them on the desk.
process.env.WEBHOOK_LOCAL_DESTINATIONS = 'on'
await import('#server/main.ts')
