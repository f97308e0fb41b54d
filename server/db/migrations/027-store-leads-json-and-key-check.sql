-- The database's functions and triggers are defined in server/db/functions.sql from now on, applied
-- after the migrations whenever that file changes (docs/decisions/036-storing-a-lead.md).
-- Its store_leads takes the batch as one JSON argument (one object per lead) and the batch's rules
-- as another, instead of sixteen arrays and four values by position, and writes the used proofs of
-- work and the visitors' copies in the same call: the old signature is dropped here, as CREATE OR
-- REPLACE cannot change one.
DROP FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], text[],
                          jsonb[], text[], timestamptz[], boolean[], jsonb[], jsonb[], text, text, text, integer);

-- Which encryption key the SSN and EIN in this database are encrypted under, as a keyed check value
-- of the key (an HMAC under the key of a fixed text: it proves which key without revealing it,
-- server/security/encryption-key-check.ts), never the key. Written by the server's first start with
-- a key; a restore compares the backup's with the data folder's key and refuses a different one
-- before any SSN or EIN becomes unreadable (scripts/restore.ts), and the server refuses to start
-- with another key than the one its data was encrypted under. One row at most.
CREATE TABLE encryption_key_check (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  check_value text NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT now()
);
