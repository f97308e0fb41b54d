/**
 * The proof of work the server asks of browsers (server/spam/proof-of-work.ts): fetched from this
 * site when the visitor first touches the form, solved in the background while they type (each
 * hash is awaited, so the page stays responsive), sent with the submission. The solver is loaded
 * only then, so it costs nothing before the first touch. Nothing is stored and no third party is
 * involved; if anything fails, the form is sent without it and the server weighs other signals.
 */
interface ChallengeJson {
  algorithm: string
  challenge: string
  maxnumber?: number
  salt: string
  signature: string
}

async function solve(): Promise<string | null> {
  try {
    const response = await fetch('/api/challenge', { cache: 'no-store' })
    if (!response.ok) return null
    const challenge = (await response.json()) as ChallengeJson
    const { solveChallenge } = await import('altcha-lib/v1')
    const solution = await solveChallenge(
      challenge.challenge,
      challenge.salt,
      challenge.algorithm,
      challenge.maxnumber,
    ).promise
    if (!solution) return null
    return btoa(
      JSON.stringify({
        algorithm: challenge.algorithm,
        challenge: challenge.challenge,
        number: solution.number,
        salt: challenge.salt,
        signature: challenge.signature,
      }),
    )
  } catch {
    return null
  }
}

export interface ProofOfWork {
  /** Starts fetching and solving (once per filling of the form). */
  start(): void
  /** The solved proof, waiting at most `timeoutMs` for it; null without one. */
  take(timeoutMs?: number): Promise<string | null>
  /** After a successful submission: the next one needs a new proof. */
  reset(): void
}

export function createProofOfWork(): ProofOfWork {
  let pending: Promise<string | null> | null = null
  return {
    start() {
      pending ??= solve()
    },
    async take(timeoutMs = 10_000) {
      pending ??= solve()
      let timer: ReturnType<typeof setTimeout> | undefined
      const timeout = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), timeoutMs)
      })
      const proof = await Promise.race([pending, timeout])
      clearTimeout(timer)
      return proof
    },
    reset() {
      pending = null
    },
  }
}
