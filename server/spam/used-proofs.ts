/**
 * The used proofs of work in the database (migration 021), shared by every process and kept
 * across restarts: what server/spam/proof-of-work.ts reads when it starts and writes before a
 * proof's submission is answered. Writes go by group commit, so the submissions of one turn cost
 * one statement, which also deletes the expired rows: the table holds one challenge lifetime's
 * proofs at most.
 */
import type { Database } from '../db/database.ts'
import { groupCommit } from '../db/group-commit.ts'
import { build, run } from '../db/query-builder.ts'
import type { UsedProof, UsedProofStore } from './proof-of-work.ts'

/** $4: the server's clock (tests pin it), the one the proofs' expiry is checked against. */
const rememberStatement = `WITH expired AS (DELETE FROM used_proofs WHERE expires_at <= $4::timestamptz)
INSERT INTO used_proofs (digest, submission, expires_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[])
ON CONFLICT (digest) DO NOTHING`

export function usedProofStore(db: Database): UsedProofStore {
  const write = groupCommit<{ proof: UsedProof; now: Date }, void>(
    async (items) => {
      const proofs = items.map((item) => item.proof)
      const earliest = Math.min(...items.map((item) => item.now.getTime()))
      await db.query(rememberStatement, [
        proofs.map((proof) => proof.digest),
        proofs.map((proof) => proof.submission),
        proofs.map((proof) => new Date(proof.expiresMs).toISOString()),
        new Date(earliest).toISOString(),
      ])
      return items.map(() => ({ status: 'fulfilled', value: undefined }))
    },
    { maxBatch: 500 },
  )
  return {
    async load(now, limit) {
      const rows = await run(
        db,
        build
          .selectFrom('used_proofs')
          .select(['digest', 'submission', 'expires_at'])
          .where('expires_at', '>', now)
          .orderBy('expires_at')
          .limit(limit),
      )
      return rows.map((row) => ({
        digest: row.digest,
        submission: row.submission,
        expiresMs: new Date(row.expires_at).getTime(),
      }))
    },
    remember: (proof, now) => write({ proof, now }),
  }
}
