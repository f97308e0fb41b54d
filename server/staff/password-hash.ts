/**
 * Staff passwords, hashed with scrypt from node:crypto (no native add-on to build): a random salt
 * per password, the cost stored with the hash so it can be raised later without breaking old
 * hashes, and a constant-time comparison.
 *
 * scrypt runs on a small pool of threads of its own (password-hash-worker.ts), never on libuv's
 * four shared threads: those also read the site's files, and 20 sign-in posts once held every one
 * of them while a page waited seconds. The pool's queue is bounded by time: a sign-in whose hash
 * would be done more than 0.75 s from now is refused at once (the route answers 503), so a
 * flood of sign-ins costs the site at most the pool's threads (docs/decisions/021-sign-in-under-attack.md).
 *
 * The cost of new hashes is the server's setting (AppOptions.passwordCost; production's below by
 * default, tests a cheap one). A stored hash carries its own cost and is always checked with it,
 * so hashes made under one setting keep verifying under any other.
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
const unitsOf = (cost: PasswordCost) => cost.N * cost.r * cost.p
const defaultUnits = unitsOf(defaultPasswordCost)
const keyLength = 64
const saltLength = 16

export const passwordMinLength = 12
/** Bounds the work an attacker can make the server do per sign-in attempt. */
export const passwordMaxLength = 1024

/** The pool has no room for another hash now: the caller answers "busy, try again" at once. */
class PasswordHashBusy extends Error {
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
  maxWaitMs: 750,
}

interface Job {
  task: Omit<HashTask, 'id'>
  resolve(key: Buffer): void
  reject(error: Error): void
}

interface PoolThread {
  worker: Worker
  job?: Job & { id: number }
}

class HashPool {
  private readonly threads: PoolThread[] = []
  private readonly queue: Job[] = []
  private pending = 0
  /** Places taken by strangers' sign-ins (purpose `sign-in`). */
  private strangers = 0
  private nextId = 1
  /**
   * How long hashes have been taking per unit of cost (N * r * p; a moving average), to judge a
   * queue's wait whatever cost the last hashes had (a test's cheap one, an old stored one).
   */
  private msPerUnit = 300 / defaultUnits

  private readonly settings: PoolSettings

  constructor(settings: PoolSettings) {
    this.settings = settings
  }

  /**
   * A place in the queue, or undefined when there is none. `sign-in` (a stranger's) also refuses
   * when the wait would be long: better told at once than kept waiting behind a flood. `queued`
   * (an account being added, a sign-in from a known place) waits its turn up to the hard bound.
   */
  reserve(purpose: 'sign-in' | 'queued', cost = defaultPasswordCost): (() => void) | undefined {
    if (this.pending >= this.settings.maxPending) return undefined
    const stranger = purpose === 'sign-in'
    if (stranger) {
      // Half the queue at most, so a known place always finds room; and only while its hash would
      // be done soon (the hashes ahead of it, then its own, each at the server's cost: the decoy's
      // and new accounts' cost).
      if (this.strangers >= this.settings.maxPending / 2) return undefined
      // With nothing queued it always goes: it waits for no one, and its hash refreshes an estimate
      // that one slow hash (a busy machine) would otherwise keep too high for ever.
      const doneInMs = ((this.pending + 1) * this.msPerUnit * unitsOf(cost)) / this.settings.threads
      if (this.pending > 0 && doneInMs > this.settings.maxWaitMs) return undefined
      this.strangers += 1
    }
    this.pending += 1
    let released = false
    return () => {
      if (released) return
      released = true
      this.pending -= 1
      if (stranger) this.strangers -= 1
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
      thread.job = { ...job, id: this.nextId++ }
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
    if ('error' in reply) {
      job.reject(new Error(reply.error))
    } else {
      // A cheap hash (a test's, a small old cost) is mostly noise per unit: it moves the average
      // in proportion to its cost.
      const units = unitsOf(job.task)
      const weight = 0.3 * Math.min(1, units / defaultUnits)
      this.msPerUnit = (1 - weight) * this.msPerUnit + (weight * reply.ms) / units
      job.resolve(Buffer.from(reply.key))
    }
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

/**
 * `scrypt$N$r$p$salt$hash`, salt and hash in base64: the format every stored hash has had, so
 * older hashes keep verifying. The cost is the server's setting (tests pass a cheaper one).
 */
export async function hashPassword(password: string, cost = defaultPasswordCost): Promise<string> {
  const salt = randomBytes(saltLength)
  const key = await derive(pool.reserve('queued'), password, salt, cost)
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
  return verifyWith(pool.reserve('queued'), password, stored)
}

/** A sign-in's password check, with its place in the queue taken first. */
export interface PasswordCheck {
  verify(password: string, stored: string): Promise<boolean>
  /** Gives the place back unused (the attempt was refused before its password was checked). */
  release(): void
}

/**
 * undefined: the pool is full and the sign-in must be told to try again in a few seconds. A sign-in
 * from a known place or browser (`known`) waits its turn behind a flood instead, up to the queue's
 * hard bound: strangers keeping the pool busy do not keep staff out. `cost`: the server's setting,
 * what the hashes ahead are judged to take.
 */
export function reservePasswordCheck({
  known = false,
  cost = defaultPasswordCost,
}: {
  known?: boolean
  cost?: PasswordCost
} = {}): PasswordCheck | undefined {
  const release = pool.reserve(known ? 'queued' : 'sign-in', cost)
  if (!release) return undefined
  return { verify: (password, stored) => verifyWith(release, password, stored), release }
}

/**
 * A hash of no one's password, at the server's cost: checking a password against it when the
 * e-mail is unknown takes as long as a real check, so response times do not tell which staff
 * e-mails exist.
 */
export function decoyPasswordHash(cost = defaultPasswordCost): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`
  let decoy = decoys.get(key)
  if (!decoy) {
    decoy = hashPassword(randomBytes(16).toString('hex'), cost).catch((error) => {
      decoys.delete(key)
      throw error
    })
    decoys.set(key, decoy)
  }
  return decoy
}
const decoys = new Map<string, Promise<string>>()
