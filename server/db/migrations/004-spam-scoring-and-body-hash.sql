-- A fingerprint of what was submitted (form and body): binds an idempotency key to its body (the
-- same key with another body is refused, never dropped) and finds one text sent from many addresses.
ALTER TABLE leads ADD COLUMN body_hash text;
CREATE INDEX leads_body_hash_idx ON leads (body_hash, received_at) WHERE body_hash IS NOT NULL;

-- Why a lead was judged spam (server/spam/spam-score.ts), for the staff's spam view.
ALTER TABLE leads ADD COLUMN spam_reasons jsonb NOT NULL DEFAULT '[]'::jsonb;
