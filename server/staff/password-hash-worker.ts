/**
 * The thread that runs scrypt for server/staff/password-hash.ts. It calls the synchronous scrypt on
 * its own thread, so a hash never takes one of libuv's four shared threads, which also read the
 * site's files and resolve names, and at a low priority (docs/decisions/021-sign-in-under-attack.md).
 */
import { scryptSync } from 'node:crypto'
import { constants, setPriority } from 'node:os'
import { parentPort } from 'node:worker_threads'

// On Linux a thread has its own priority: this one yields the core to the thread serving pages
// whenever both want it (elsewhere the call changes the whole process, so it is left alone).
if (process.platform === 'linux') setPriority(constants.priority.PRIORITY_BELOW_NORMAL)

export interface HashTask {
  id: number
  password: string
  salt: Uint8Array
  keyLength: number
  N: number
  r: number
  p: number
}

/** `ms`: the hash's own time on this thread, without the thread's start or the messages. */
export type HashReply = { id: number; key: Uint8Array; ms: number } | { id: number; error: string }

parentPort?.on('message', (task: HashTask) => {
  try {
    const started = performance.now()
    // maxmem must exceed 128 * N * r, or Node refuses the parameters.
    const key = scryptSync(task.password.normalize('NFKC'), task.salt, task.keyLength, {
      N: task.N,
      r: task.r,
      p: task.p,
      maxmem: 256 * task.N * task.r,
    })
    parentPort?.postMessage({ id: task.id, key, ms: performance.now() - started } satisfies HashReply)
  } catch (error) {
    parentPort?.postMessage({ id: task.id, error: String(error) } satisfies HashReply)
  }
})
