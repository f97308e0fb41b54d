/**
 * A pass run again and again in the server process (delivery, retention): the next pass is
 * scheduled only after the previous one ends, a failed pass is logged and the loop goes on, and
 * stop() waits for the pass in progress so the database is not closed under it.
 */
export interface PeriodicTask {
  start(): void
  stop(): Promise<void>
}

export function createPeriodicTask({
  pass,
  intervalMs,
  onError,
  keepAlive = true,
}: {
  pass: () => Promise<unknown>
  intervalMs: number
  onError: (error: unknown) => void
  /** false: a pending timer does not keep an otherwise finished process alive. */
  keepAlive?: boolean
}): PeriodicTask {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> | undefined
  let stopped = false

  function tick() {
    if (stopped) return
    running = pass()
      .catch(onError)
      .finally(() => {
        running = undefined
        if (stopped) return
        timer = setTimeout(tick, intervalMs)
        if (!keepAlive) timer.unref()
      })
  }

  return {
    start() {
      stopped = false
      tick()
    },
    async stop() {
      stopped = true
      if (timer) clearTimeout(timer)
      await running
    },
  }
}

export function errorReason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
