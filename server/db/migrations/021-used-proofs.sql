-- The proofs of work already used (server/spam/proof-verifier.ts), so a proof used before a restart
-- is still refused after it. Each row is a keyed digest of the challenge the server signed (HMAC
-- under a key from IP_HASH_SALT: nothing a visitor typed, nothing to match without the secret),
-- the Idempotency-Key of the submission that used it (the browser's retry of that one still
-- counts), and when the challenge expires: after that it is refused as expired anyway, so the row
-- is deleted (bounded by the submissions of one challenge lifetime, 24 hours).
CREATE TABLE used_proofs (
  digest text PRIMARY KEY,
  submission text,
  expires_at timestamptz NOT NULL
);
CREATE INDEX used_proofs_expires_idx ON used_proofs (expires_at);
