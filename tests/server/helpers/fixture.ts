import { afterAll, beforeAll } from 'vitest'

/**
 * Something the tests of a describe block share: opened before them (beforeAll), closed after them
 * (afterAll). The answer reads it inside hooks and tests; called before it is open, it throws.
 */
export function useFixture<T>(what: string, open: () => Promise<T>, close: (value: T) => unknown): () => T {
  let value: T | undefined
  beforeAll(async () => {
    value = await open()
  })
  afterAll(async () => {
    if (value !== undefined) await close(value)
  })
  return () => {
    if (value === undefined) throw new Error(`${what} opens in beforeAll: use it inside hooks and tests`)
    return value
  }
}

/**
 * An object whose `keys` read those of `current()` each time they are used: made while a describe
 * block is collected, it serves the fixture its hooks open later.
 */
export function readThrough<T extends object, K extends keyof T>(
  current: () => T,
  keys: readonly K[],
): Pick<T, K> {
  const view = {} as Pick<T, K>
  for (const key of keys) Object.defineProperty(view, key, { get: () => current()[key], enumerable: true })
  return view
}
