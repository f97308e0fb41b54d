/**
 * Group commit: calls that arrive while a batch is being written wait, and go together in the next
 * write. The first call on an idle writer is written at once (no added latency when traffic is
 * light); under load, each write carries everything that queued during the previous one, so the
 * database's fixed cost per statement (on PGlite: the WebAssembly call and the flush to the files)
 * is paid once per batch instead of once per lead. Each caller is answered only after its own
 * write has finished, so nothing is acknowledged before it is stored.
 *
 * `maxInFlight` writes may run at once: 1 on PGlite (one connection, so a second write would only
 * wait in its queue with a smaller batch), more on PostgreSQL, where the server runs writes on
 * other connections and other cores while one waits for its commit to reach the disk.
 *
 * Our own code rather than DataLoader: DataLoader batches what is asked within one tick and may
 * start any number of batches at once; group commit needs "at most N writes in flight, the next
 * one collects". See docs/decisions/016-group-commit.md.
 */
export type BatchWrite<I, O> = (items: I[]) => Promise<PromiseSettledResult<O>[]>

export interface GroupCommitOptions {
  /** Items in one write at most. */
  maxBatch: number
  /** Writes running at once at most (default 1). */
  maxInFlight?: number
}

export function groupCommit<I, O>(
  write: BatchWrite<I, O>,
  { maxBatch, maxInFlight = 1 }: GroupCommitOptions,
): (item: I) => Promise<O> {
  let queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = []
  let writing = 0

  async function drain(): Promise<void> {
    writing++
    try {
      while (queue.length > 0) {
        const batch = queue.slice(0, maxBatch)
        queue = queue.slice(batch.length)
        let results: PromiseSettledResult<O>[]
        try {
          results = await write(batch.map((entry) => entry.item))
        } catch (error) {
          results = batch.map(() => ({ status: 'rejected', reason: error }))
        }
        batch.forEach((entry, index) => {
          const result = results[index]
          if (result?.status === 'fulfilled') entry.resolve(result.value)
          else entry.reject(result ? result.reason : new Error('group commit: no result for an item'))
        })
      }
    } finally {
      writing--
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (writing < maxInFlight) void drain()
    })
}
