/**
 * A seeded pseudo-random generator (mulberry32, public domain) for tests and benchmarks whose cases
 * must come out the same on every run: the same seed, the same fuzz cases or corpus, so a failure
 * can be replayed from the seed it names. Small and fast; not for anything secret.
 */
export class SeededRandom {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** The next number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** A whole number from `min` to `max`, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.next() < p
  }
}
