/**
 * A stream of real submissions against a running server, for tests that do something to it under
 * load (a backup, SIGTERM): `concurrency` senders post contact-message leads with solved proofs
 * until stopped, and every answer is kept, so a test knows exactly which leads were acknowledged
 * (200 OK, with their reference) and when.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { getFormDefinition } from '#forms/registry.ts'
import { validPayload } from './form-payloads.ts'
import { serverVariables } from './server-process.ts'
import { solvedProof } from './solved-proofs.ts'

export interface Answer {
  key: string
  /** HTTP status, or 0 when the connection failed (the server was going away). */
  status: number
  /** The Lead-Reference header of a 200. */
  reference: string | undefined
  /** Date.now() when the answer arrived. */
  at: number
}

export interface LeadLoad {
  answers: Answer[]
  acknowledged(): Answer[]
  /** Resolves once `count` leads have been acknowledged. */
  untilAcknowledged(count: number): Promise<void>
  /** No new requests; resolves when the ones in flight have their answers. */
  stop(): Promise<void>
}

export function startLeadLoad({
  url,
  ipHashSalt,
  concurrency = 4,
  prefix,
}: {
  url: string
  ipHashSalt: string
  concurrency?: number
  prefix: string
}): LeadLoad {
  const form = getFormDefinition('contact-message')
  if (!form) throw new Error('no contact-message form')
  const answers: Answer[] = []
  let stopped = false
  let sequence = 0
  const waiters: { count: number; resolve: () => void }[] = []
  const acknowledged = () => answers.filter((answer) => answer.status === 200)

  async function sender(): Promise<void> {
    while (!stopped) {
      const key = `${prefix}-${sequence++}`
      const proof = await solvedProof(ipHashSalt)
      let answer: Answer
      try {
        const response = await fetch(`${url}/api/forms/contact-message`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': key, 'x-proof-of-work': proof },
          body: JSON.stringify(validPayload(form as NonNullable<typeof form>, new Date())),
        })
        await response.arrayBuffer()
        answer = {
          key,
          status: response.status,
          reference: response.headers.get('lead-reference') ?? undefined,
          at: Date.now(),
        }
      } catch {
        answer = { key, status: 0, reference: undefined, at: Date.now() }
        // A refused connection answers at once: do not spin.
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      answers.push(answer)
      const count = acknowledged().length
      for (const waiter of waiters.filter((entry) => count >= entry.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    }
  }

  const running = Promise.all(Array.from({ length: concurrency }, () => sender()))
  return {
    answers,
    acknowledged,
    untilAcknowledged: (count) =>
      acknowledged().length >= count
        ? Promise.resolve()
        : new Promise((resolve) => waiters.push({ count, resolve })),
    async stop() {
      stopped = true
      await running
    },
  }
}

const root = path.join(import.meta.dirname, '..', '..', '..')

/** Runs `node scripts/<name>.ts args` as an operator would, with only `env` of the server's variables. */
export function runScript(
  name: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([variable]) => !serverVariables.includes(variable)),
  )
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', `${name}.ts`), ...args], {
      cwd: root,
      env: { ...inherited, NODE_ENV: 'development', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.once('exit', (code) => resolve({ code, output }))
  })
}
