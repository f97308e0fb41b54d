/**
 * Group commit: calls that arrive while a batch is being written wait, and go together in the next
 * write. The first call on an idle writer is written at once (no added latency when traffic is
 * light); under load, each write carries everything that queued during the previous one, so the
 * database's fixed cost per statement (on PGlite: the WebAssembly call and the flush to the files)
 * is paid once per batch instead of once per lead. Each caller is answered only after its own
 * write has finished, so nothing is acknowledged before it is stored.
 *
 * Our own code rather than DataLoader: DataLoader batches what is asked within one tick and may
 * start several batches at once; group commit needs "one write in flight, the next one collects".
 * See docs/decisions/016-group-commit.md.
 */
export type BatchWrite<I, O> = (items: I[]) => Promise<PromiseSettledResult<O>[]>

export function groupCommit<I, O>(write: BatchWrite<I, O>, maxBatch: number): (item: I) => Promise<O> {
  let queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = []
  let writing = false

  async function drain(): Promise<void> {
    writing = true
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
      writing = false
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (!writing) void drain()
    })
}
