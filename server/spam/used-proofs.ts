/**
 * The used proofs of work in the database (migration 021), shared by every process and kept
 * across restarts: what server/spam/proof-verifier.ts reads when it starts. They are written by
 * the insert of the lead that used them (store_leads, server/db/functions.sql), in the batch's one
 * call, which also deletes the expired rows: the table holds one challenge lifetime's proofs at most.
 */
import type { Database } from '../db/database.ts'
import { build, run } from '../db/query-builder.ts'
import type { UsedProofStore } from './proof-verifier.ts'

export function usedProofStore(db: Database): UsedProofStore {
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
  }
}
