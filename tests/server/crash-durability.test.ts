import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { formDefinitions } from '#forms/registry.ts'
import { openPgliteDatabase } from '#server/db/pglite-database.ts'
import { validPayload } from './helpers/form-payloads.ts'
import { solvedProof } from './helpers/solved-proofs.ts'

const mainScript = path.join(import.meta.dirname, '..', '..', 'server', 'main.ts')

let child: ChildProcess | undefined
let dataDir: string | undefined
afterEach(async () => {
  child?.kill('SIGKILL')
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** Starts `node server/main.ts` on a free port; resolves with its base URL once it listens. */
/** The server's secret, so the test's proof of work is signed as the server's own would be. */
const ipHashSalt = 'crash-tests-salt-0123456789'

function startServer(env: Record<string, string>): Promise<{ process: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const server = spawn(process.execPath, [mainScript], {
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match?.[1]) resolve({ process: server, url: match[1] })
    }
    server.stdout.on('data', onData)
    server.stderr.on('data', onData)
    server.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
}

function exited(process: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (process.exitCode !== null || process.signalCode !== null) resolve()
    else process.once('exit', () => resolve())
  })
}

describe('node server/main.ts on the embedded database', () => {
  it('keeps a lead answered OK when the process is killed right after the answer', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-crash-'))
    const server = await startServer({ DATA_DIR: dataDir, IP_HASH_SALT: ipHashSalt })
    child = server.process
    const form = formDefinitions.find((candidate) => candidate.key === 'contact-message')
    if (!form) throw new Error('contact-message is not registered')

    const response = await fetch(`${server.url}/api/forms/contact-message`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'idempotency-key': 'killed-right-after',
        'x-proof-of-work': await solvedProof(ipHashSalt),
      },
      body: JSON.stringify(validPayload(form, new Date())),
    })
    expect(await response.text()).toBe('OK')
    server.process.kill('SIGKILL')
    await exited(server.process)

    const db = await openPgliteDatabase(path.join(dataDir, 'pglite'))
    try {
      const rows = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM leads l JOIN delivery_jobs j ON j.lead_id = l.id
         WHERE l.idempotency_key = 'killed-right-after'`,
      )
      expect(rows[0]?.n).toBe(1)
    } finally {
      await db.close()
    }
  })

  it('stops cleanly on SIGTERM', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-sigterm-'))
    const server = await startServer({ DATA_DIR: dataDir })
    child = server.process
    const health = await fetch(`${server.url}/api/health`)
    expect(await health.json()).toEqual({ status: 'up' })
    server.process.kill('SIGTERM')
    await exited(server.process)
    expect(server.process.exitCode).toBe(0)
  })

  it('refuses to start with a clear message on a bad variable', async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-badenv-'))
    const failing = spawn(process.execPath, [mainScript], {
      env: { ...process.env, DATA_DIR: dataDir, SUBMIT_RATE_LIMIT: 'lots' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    child = failing
    let stderr = ''
    failing.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString()
    })
    await exited(failing)
    expect(failing.exitCode).toBe(1)
    expect(stderr).toContain('SUBMIT_RATE_LIMIT: must look like 10/10m')
    expect(stderr).not.toMatch(/\n\s+at /)
  })
})
