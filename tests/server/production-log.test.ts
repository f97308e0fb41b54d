/**
 * The production log goes through a buffer (server/logger.ts, logStream): an operator still sees a
 * request's line within about a second, and a shutdown writes every line still in the buffer.
 */
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { logFlushMs } from '#server/logger.ts'
import {
  type ServerProcess,
  startServerProcess,
  vapidEnvironment,
  waitFor,
} from './helpers/server-process.ts'

/** The request lines of the log so far, as "METHOD path status". */
function requestLines(output: string): string[] {
  return output
    .split('\n')
    .filter((line) => line.includes('"msg":"request completed"'))
    .map((line) => {
      const { req, res } = JSON.parse(line) as {
        req: { method: string; url: string }
        res: { statusCode: number }
      }
      return `${req.method} ${req.url} ${res.statusCode}`
    })
}

describe('the production log', () => {
  let dataDir: string
  let server: ServerProcess

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'agency-log-'))
    server = await startServerProcess({
      env: {
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        LEAD_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        IP_HASH_SALT: randomBytes(16).toString('hex'),
        ...vapidEnvironment(),
      },
      timeoutMs: 60_000,
    })
  })

  afterEach(async () => {
    await server.kill()
    await rm(dataDir, { recursive: true, force: true })
  })

  it("shows a request's line within about a second, though far less than a buffer's worth was logged", async () => {
    const answer = await fetch(`${server.url}/api/health`)
    expect(answer.status).toBe(200)
    const sent = Date.now()
    await waitFor(() => requestLines(server.output()).includes('GET /api/health 200'), {
      timeoutMs: logFlushMs * 3,
      intervalMs: 20,
      what: 'the request line in the log',
    })
    expect(Date.now() - sent).toBeLessThan(logFlushMs * 3)
  })

  it('writes every line still buffered when it is stopped', async () => {
    for (let i = 0; i < 5; i++) expect((await fetch(`${server.url}/api/health?n=${i}`)).status).toBe(200)
    expect((await fetch(`${server.url}/no-such-page-here`)).status).toBe(404)
    await server.stop()
    expect(server.process.exitCode).toBe(0)
    const lines = requestLines(server.output())
    expect(lines.filter((line) => line === 'GET /api/health?[query not logged] 200')).toHaveLength(5)
    expect(lines).toContain('GET /no-such-page-here 404')
    expect(server.output()).toContain('"msg":"shutting down"')
  })
})
