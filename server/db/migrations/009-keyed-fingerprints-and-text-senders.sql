-- Two changes to what a lead's fingerprints are and how one text from several addresses is found
-- (docs/contracts.md, "What is stored"; docs/decisions/023-keyed-fingerprints.md).
--
-- 1. body_hash was an unkeyed SHA-256 of the form and the body as sent, stored beside the fields:
--    anyone holding a backup could hash candidate bodies until one matched and so read a workers'
--    comp SSN that is stored encrypted. It is now an HMAC under a key derived from the server's
--    secret (server/leads/submission-metadata.ts). The old values cannot be re-keyed here (the key
--    is not in the database, and the SSNs they cover are encrypted), so they are erased; a lead
--    without one binds no idempotency key to a body (server/routes/forms.ts).
UPDATE leads SET body_hash = NULL WHERE body_hash IS NOT NULL;
DROP INDEX leads_body_hash_idx;

-- 2. The repeated-text check counted, in the insert, count(DISTINCT ip_hash) over every lead of the
--    week with the same body_hash: its cost grew with the number of copies, so a spam wave slowed
--    every real visitor's request while it lasted. Now each text (a keyed fingerprint of its
--    letters: copies that differ in case, spacing, digits or punctuation are one text) keeps one row
--    per address that sent it, with when it last did, and the check reads at most a few of them.
--    Rows older than the check's window are deleted by the retention job. Nothing here is a value a
--    visitor typed: both columns are HMACs under server secrets.
CREATE TABLE text_senders (
  text_hash text NOT NULL,
  ip_hash text NOT NULL,
  last_sent_at timestamptz NOT NULL,
  PRIMARY KEY (text_hash, ip_hash)
);
CREATE INDEX text_senders_last_sent_idx ON text_senders (last_sent_at);

DROP FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], jsonb[],
                          text[], timestamptz[], boolean[], jsonb[], text, text);

-- Stores a batch of leads (server/leads/lead-repository.ts, group commit) in one call: checks each
-- lead's text against the addresses that sent it this week, inserts the leads, records each lead's
-- address as a sender of its text, and queues a delivery job for each lead that is not spam.
-- PL/pgSQL keeps the statement's plan for the connection; the leads arrive as one array per column
-- (docs/decisions/020-storing-a-batch-in-one-call.md). Returns the leads it inserted; a lead whose
-- idempotency key is already stored is skipped (ON CONFLICT DO NOTHING), so the caller finds which
-- ones came back by id.
--
-- The repeat check: if other addresses sent the same text_hash since p_repeat_since, the lead is
-- stored with the p_spam_if_repeated / p_reasons_if_repeated verdict (server/spam/spam-score.ts
-- judged both), plus the reason naming how many: p_reason_one, p_reason_many with {n} filled in, or
-- p_reason_capped when p_repeat_cap addresses or more sent it (the count stops there: its cost
-- never grows with the size of a wave). A null p_repeat_since checks nothing. The count and the
-- insert are one statement and see one snapshot: leads committed before the call count, the other
-- leads of the same batch do not.
CREATE FUNCTION store_leads(
  p_id uuid[],
  p_form_key text[],
  p_fields jsonb[],
  p_language text[],
  p_user_agent text[],
  p_ip_hash text[],
  p_is_spam boolean[],
  p_idempotency_key text[],
  p_body_hash text[],
  p_text_hash text[],
  p_spam_reasons jsonb[],
  p_reference text[],
  p_repeat_since timestamptz[],
  p_spam_if_repeated boolean[],
  p_reasons_if_repeated jsonb[],
  p_reason_one text,
  p_reason_many text,
  p_reason_capped text,
  p_repeat_cap integer
) RETURNS SETOF leads LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT *
      FROM unnest(p_id, p_form_key, p_fields, p_language, p_user_agent, p_ip_hash, p_is_spam,
                  p_idempotency_key, p_body_hash, p_text_hash, p_spam_reasons, p_reference,
                  p_repeat_since, p_spam_if_repeated, p_reasons_if_repeated)
        AS i (id, form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
              body_hash, text_hash, spam_reasons, reference, repeat_since, spam_if_repeated,
              reasons_if_repeated)
  ), counted AS (
    SELECT input.*,
           (SELECT count(*) FROM (
              SELECT 1 FROM text_senders s
               WHERE s.text_hash = input.text_hash AND s.last_sent_at >= input.repeat_since
                 AND s.ip_hash IS DISTINCT FROM input.ip_hash
               LIMIT p_repeat_cap) AS capped) AS others
      FROM input
  ), stored AS (
    INSERT INTO leads (id, form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
                       body_hash, spam_reasons, reference)
    SELECT c.id, c.form_key, c.fields, c.language, c.user_agent, c.ip_hash,
           CASE WHEN c.others > 0 THEN c.spam_if_repeated ELSE c.is_spam END,
           c.idempotency_key, c.body_hash,
           CASE WHEN c.others = 0 THEN c.spam_reasons
                WHEN c.spam_if_repeated THEN c.reasons_if_repeated
                  || jsonb_build_array(replace(CASE WHEN c.others = 1 THEN p_reason_one
                                                    WHEN c.others >= p_repeat_cap THEN p_reason_capped
                                                    ELSE p_reason_many END,
                                               '{n}', c.others::text))
                ELSE '[]'::jsonb END,
           c.reference
      FROM counted c
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING *
  ), senders AS (
    -- One row per text and address, in key order (two batches never wait on each other's rows in
    -- opposite orders); a lead skipped as a repeat of its idempotency key adds nothing.
    INSERT INTO text_senders (text_hash, ip_hash, last_sent_at)
    SELECT DISTINCT ON (c.text_hash, c.ip_hash) c.text_hash, c.ip_hash, s.received_at
      FROM stored s JOIN counted c ON c.id = s.id
     WHERE c.text_hash IS NOT NULL AND c.ip_hash IS NOT NULL
     ORDER BY c.text_hash, c.ip_hash
    ON CONFLICT (text_hash, ip_hash) DO UPDATE
      SET last_sent_at = GREATEST(text_senders.last_sent_at, EXCLUDED.last_sent_at)
  ), job AS (
    INSERT INTO delivery_jobs (lead_id) SELECT s.id FROM stored s WHERE NOT s.is_spam
  )
  SELECT * FROM stored;
END
$$;

-- As migration 008: the plan does not depend on the values (a few text_senders index entries and
-- one insert per lead), so it is planned once per connection.
ALTER FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], text[],
                           jsonb[], text[], timestamptz[], boolean[], jsonb[], text, text, text, integer)
  SET plan_cache_mode = force_generic_plan;

-- The erased body_hash values still sit in the table's files as dead row versions until the table
-- is rewritten, and the embedded database's backup is a copy of those files: rewrite it once.
-- After commit:
VACUUM FULL leads;
