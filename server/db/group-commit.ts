/**
 * Group commit: calls that arrive while a batch is being written wait, and go together in the next
 * write. A call on an idle writer is written at the end of the event loop's current turn
 * (setImmediate), with every other call made in that turn: well under a millisecond of added
 * latency when traffic is light, and no write of one lead followed at once by a write of the
 * nineteen that arrived with it when traffic is heavy. Under load, each write carries everything
 * that queued during the previous one, so the database's fixed cost per statement (on PGlite: the
 * WebAssembly call and the flush to the files) is paid once per batch instead of once per lead.
 * Each caller is answered only after its own write has finished, so nothing is acknowledged before
 * it is stored.
 *
 * One write runs at a time. Several at once split the waiting calls into smaller batches, which
 * cost the database more per lead than the overlap saved: measured on PostgreSQL with 2 cores, one
 * beat two, three and four (docs/decisions/036-storing-a-lead.md).
 *
 * Our own code rather than DataLoader: DataLoader batches what is asked within one tick and may
 * start any number of batches at once; group commit needs "one write in flight, the next one
 * collects". See docs/decisions/036-storing-a-lead.md.
 */
export type BatchWrite<I, O> = (items: I[]) => Promise<PromiseSettledResult<O>[]>

export interface GroupCommitOptions {
  /** Items in one write at most. */
  maxBatch: number
}

export function groupCommit<I, O>(
  write: BatchWrite<I, O>,
  { maxBatch }: GroupCommitOptions,
): (item: I) => Promise<O> {
  let queue: { item: I; resolve: (value: O) => void; reject: (error: unknown) => void }[] = []
  let writing = false
  let scheduled = false

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
      // Not at once: the requests the event loop is handling in this turn go in the same write.
      if (!writing && !scheduled) {
        scheduled = true
        setImmediate(() => {
          scheduled = false
          void drain()
        })
      }
    })
}
