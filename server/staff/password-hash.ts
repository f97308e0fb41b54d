/**
 * Staff passwords, hashed with scrypt from node:crypto (no native add-on to build): a random salt
 * per password, the cost stored with the hash so it can be raised later without breaking old
 * hashes, and a constant-time comparison.
 *
 * scrypt runs on a small pool of threads of its own (password-hash-worker.ts), never on libuv's
 * four shared threads: those also read the site's files, and 20 sign-in posts once held every one
 * of them while a page waited seconds. The pool's queue is bounded by time: a sign-in whose hash
 * would be done more than about a second from now is refused at once (the route answers 503), so a
 * flood of sign-ins costs the site at most the pool's threads (docs/decisions/021-sign-in-under-attack.md).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { HashReply, HashTask } from './password-hash-worker.ts'

export interface PasswordCost {
  N: number
  r: number
  p: number
}

/** N = 2^15, r = 8, p = 3: one of OWASP's minimum scrypt settings, 32 MiB per hash. */
export const defaultPasswordCost: PasswordCost = { N: 2 ** 15, r: 8, p: 3 }
const keyLength = 64
const saltLength = 16

export const passwordMinLength = 12
/** Bounds the work an attacker can make the server do per sign-in attempt. */
export const passwordMaxLength = 1024

/** The pool has no room for another hash now: the caller answers "busy, try again" at once. */
export class PasswordHashBusy extends Error {
  override name = 'PasswordHashBusy'
}

interface PoolSettings {
  /** Threads hashing at once: each holds one core and 32 MiB while it works. */
  threads: number
  /** Hashes waiting or running, whoever asks: the hard bound of the queue. */
  maxPending: number
  /** A sign-in is refused when its hash, after those ahead of it, would be done later than this. */
  maxWaitMs: number
}

/** One thread on a two-core machine, two from four cores up: a core always stays for the pages. */
const defaultPoolSettings: PoolSettings = {
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  maxPending: 16,
  maxWaitMs: 1000,
}

interface Job {
  task: Omit<HashTask, 'id'>
  resolve(key: Buffer): void
  reject(error: Error): void
}

interface PoolThread {
  worker: Worker
  job?: Job & { id: number; startedAt: number }
}

class HashPool {
  private readonly threads: PoolThread[] = []
  private readonly queue: Job[] = []
  private pending = 0
  private nextId = 1
  /** How long one hash has been taking (a moving average), to judge a queue's wait. */
  private averageMs = 300
  private measured = false

  private readonly settings: PoolSettings

  constructor(settings: PoolSettings) {
    this.settings = settings
  }

  /**
   * A place in the queue, or undefined when there is none. `sign-in` also refuses when the wait
   * would be long: a visitor is better told at once than kept waiting behind a flood.
   */
  reserve(purpose: 'sign-in' | 'account'): (() => void) | undefined {
    if (this.pending >= this.settings.maxPending) return undefined
    // When this hash would be done: the hashes ahead of it, then its own.
    const doneInMs = ((this.pending + 1) * this.averageMs) / this.settings.threads
    if (purpose === 'sign-in' && doneInMs > this.settings.maxWaitMs) return undefined
    this.pending += 1
    let released = false
    return () => {
      if (!released) this.pending -= 1
      released = true
    }
  }

  derive(task: Omit<HashTask, 'id'>): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      this.queue.push({ task, resolve, reject })
      this.dispatch()
    })
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.threads.find((candidate) => !candidate.job) ?? this.startThread()
      if (!thread) return
      const job = this.queue.shift() as Job
      thread.job = { ...job, id: this.nextId++, startedAt: performance.now() }
      // A thread with work keeps the process alive; an idle one never does (the staff command exits).
      thread.worker.ref()
      thread.worker.postMessage({ id: thread.job.id, ...job.task } satisfies HashTask)
    }
  }

  private startThread(): PoolThread | undefined {
    if (this.threads.length >= this.settings.threads) return undefined
    const worker = new Worker(new URL('./password-hash-worker.ts', import.meta.url))
    const thread: PoolThread = { worker }
    worker.on('message', (reply: HashReply) => this.finish(thread, reply))
    worker.on('error', (error) => this.fail(thread, error))
    worker.on('exit', () => this.fail(thread, new Error('The password hashing thread stopped.')))
    this.threads.push(thread)
    return thread
  }

  private finish(thread: PoolThread, reply: HashReply): void {
    const job = thread.job
    if (!job || job.id !== reply.id) return
    thread.job = undefined
    thread.worker.unref()
    const tookMs = performance.now() - job.startedAt
    this.averageMs = this.measured ? 0.7 * this.averageMs + 0.3 * tookMs : tookMs
    this.measured = true
    if ('error' in reply) job.reject(new Error(reply.error))
    else job.resolve(Buffer.from(reply.key))
    this.dispatch()
  }

  /** A thread that crashed is replaced by the next job; its own job fails. */
  private fail(thread: PoolThread, error: Error): void {
    const index = this.threads.indexOf(thread)
    if (index === -1) return
    this.threads.splice(index, 1)
    thread.job?.reject(error)
    thread.job = undefined
    void thread.worker.terminate()
    this.dispatch()
  }
}

const pool = new HashPool(defaultPoolSettings)

async function derive(
  release: (() => void) | undefined,
  password: string,
  salt: Buffer,
  cost: PasswordCost,
): Promise<Buffer> {
  if (!release) throw new PasswordHashBusy('Too many passwords are being checked right now.')
  try {
    return await pool.derive({ password, salt, keyLength, ...cost })
  } finally {
    release()
  }
}

/** `scrypt$N$r$p$salt$hash`, salt and hash in base64. Tests may pass a cheaper cost. */
export async function hashPassword(password: string, cost = defaultPasswordCost): Promise<string> {
  const salt = randomBytes(saltLength)
  const key = await derive(pool.reserve('account'), password, salt, cost)
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64'), key.toString('base64')].join('$')
}

async function verifyWith(
  release: (() => void) | undefined,
  password: string,
  stored: string,
): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) {
    release?.()
    return false
  }
  const expected = Buffer.from(hash, 'base64')
  // The cost stored with the hash, whatever the current one is.
  const actual = await derive(release, password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  return verifyWith(pool.reserve('account'), password, stored)
}

/** A sign-in's password check, with its place in the queue taken first. */
export interface PasswordCheck {
  verify(password: string, stored: string): Promise<boolean>
  /** Gives the place back unused (the attempt was refused before its password was checked). */
  release(): void
}

/** undefined: the pool is full and the sign-in must be told to try again in a few seconds. */
export function reservePasswordCheck(): PasswordCheck | undefined {
  const release = pool.reserve('sign-in')
  if (!release) return undefined
  return { verify: (password, stored) => verifyWith(release, password, stored), release }
}

/**
 * A hash of no one's password: checking a password against it when the e-mail is unknown takes as
 * long as a real check, so response times do not tell which staff e-mails exist.
 */
export function decoyPasswordHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex')).catch((error) => {
    decoy = undefined
    throw error
  })
  return decoy
}
let decoy: Promise<string> | undefined
