/**
 * The real server as a child process (`node server/main.ts`), for tests and the benchmark: started
 * on a free port with a clean environment, its output kept, stopped or killed on demand.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'

export const mainScript = path.join(import.meta.dirname, '..', '..', '..', 'server', 'main.ts')

/** Variables the server reads: never inherited from the test's own environment. */
export const serverVariables = [
  'PORT',
  'HOST',
  'DATA_DIR',
  'DATABASE_URL',
  'SMTP_URL',
  'LEADS_TO',
  'MAIL_FROM',
  'SUBMIT_RATE_LIMIT',
  'NODE_ENV',
  'IP_HASH_SALT',
  'LEAD_ENCRYPTION_KEY',
  'DELIVERY_MAX_ATTEMPTS',
  'DELIVERY_RETRY_BASE_MS',
  'DELIVERY_RETRY_MAX_MS',
  'DELIVERY_POLL_MS',
  'TRUST_PROXY',
  'METRICS_TOKEN',
  'PROOF_OF_WORK_MAX_NUMBER',
  'SPAM_MIN_FILL_MS',
  'REDIS_URL',
  'REDIS_KEY_PREFIX',
  'BACKUP_DIR',
  'BACKUP_KEEP',
  'DIGEST_TIME',
  'DIGEST_TO',
  'VAPID_PUBLIC_KEY',
  'VAPID_PRIVATE_KEY',
  'VAPID_SUBJECT',
]

export interface ServerProcess {
  process: ChildProcess
  /** http://127.0.0.1:<port> */
  url: string
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string
  /** Resolves once the process has exited (at once when it already has). */
  exited(): Promise<void>
  /** SIGKILL, then waits for the exit. */
  kill(): Promise<void>
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<void>
}

export interface StartOptions {
  env: Record<string, string>
  /** How long to wait for "Server listening". */
  timeoutMs?: number
  /** Extra arguments to node before the script (e.g. --cpu-prof). */
  nodeArgs?: string[]
  /** Another script than server/main.ts that prints the same "Server listening at" line. */
  script?: string
  /**
   * Write the process's output straight to this file instead of through a pipe into this process
   * (the benchmark: reading the server's request log would cost the load generator's CPU, on the
   * same cores as the server). `output()` then reads the file.
   */
  logFile?: string
}

/** Starts `node server/main.ts` on a free loopback port; resolves once it listens. */
export function startServerProcess({
  env,
  timeoutMs = 30_000,
  nodeArgs = [],
  script = mainScript,
  logFile,
}: StartOptions): Promise<ServerProcess> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !serverVariables.includes(name)),
  )
  const logFd = logFile ? openSync(logFile, 'w') : undefined
  const child = spawn(process.execPath, [...nodeArgs, script], {
    // No morning digest unless a test asks for one: at 08:00 in the agency's time zone every fresh
    // database would otherwise get one, an extra e-mail and delivery job in tests that count them.
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', NODE_ENV: 'development', DIGEST_TIME: 'off', ...env },
    stdio: logFile ? ['ignore', logFd, logFd] : ['ignore', 'pipe', 'pipe'],
  })
  if (logFd !== undefined) closeSync(logFd)
  let piped = ''
  const output = () => (logFile ? readFileSync(logFile, 'utf8') : piped)
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', () => resolve())
  })
  const exited = () =>
    child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : exitedPromise
  const kill = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    await exited()
  }

  return new Promise((resolve, reject) => {
    let started = false
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`server did not start within ${timeoutMs} ms:\n${output()}`))
    }, timeoutMs)
    const poll = logFile ? setInterval(() => lookForListening(), 25) : undefined
    const lookForListening = () => {
      if (started) return
      const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output())
      if (!match?.[1]) return
      started = true
      clearTimeout(timer)
      clearInterval(poll)
      resolve({
        process: child,
        url: match[1],
        output,
        exited,
        kill,
        async stop(graceMs = 15_000) {
          if (child.exitCode !== null || child.signalCode !== null) return
          child.kill('SIGTERM')
          const force = setTimeout(() => child.kill('SIGKILL'), graceMs)
          await exited()
          clearTimeout(force)
        },
      })
    }
    const onData = (chunk: Buffer) => {
      piped += chunk.toString()
      lookForListening()
    }
    child.stdout?.on('data', onData)
    child.stderr?.on('data', onData)
    child.once('exit', (code, signal) => {
      clearTimeout(timer)
      clearInterval(poll)
      reject(new Error(`server exited (${code ?? signal}) before listening:\n${output()}`))
    })
  })
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  {
    timeoutMs = 20_000,
    intervalMs = 50,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined && value !== false) return value
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** A VAPID key pair as production's environment holds it (required there: server/config.ts). */
export function vapidEnvironment(): { VAPID_PUBLIC_KEY: string; VAPID_PRIVATE_KEY: string } {
  const { publicKey, privateKey } = webpush.generateVAPIDKeys()
  return { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey }
}
