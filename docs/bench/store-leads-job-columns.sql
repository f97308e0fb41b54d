-- A variant of the schema for `npm run bench:store -- --sql docs/bench/store-leads-job-columns.sql`, not a
-- migration: the delivery job kept as columns of the lead instead of a row of delivery_jobs, so a
-- lead is one row and nine index entries instead of two rows and twelve. Measured in decision 020's
-- amendment of 24 November 2026, night; the delivery worker does not read these columns. The
-- function below is migration 007's with the job's insert replaced by delivery_status, its comments
-- left as they were.
ALTER TABLE leads ADD COLUMN delivery_status text, ADD COLUMN delivery_attempts integer NOT NULL DEFAULT 0,
  ADD COLUMN delivery_next_attempt_at timestamptz NOT NULL DEFAULT now(), ADD COLUMN delivery_locked_until timestamptz,
  ADD COLUMN delivery_last_error text, ADD COLUMN delivered_at timestamptz;
CREATE INDEX leads_delivery_due_idx ON leads (delivery_next_attempt_at) WHERE delivery_status IN ('pending', 'sending');
DROP FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], jsonb[], text[], timestamptz[], boolean[], jsonb[], text, text);
-- Stores a batch of leads (server/leads/lead-repository.ts, group commit) in one call: checks each
-- lead's text against the week's leads from other addresses, inserts the leads, and queues a
-- delivery job for each that is not spam. A function rather than the same statement sent each time:
-- PL/pgSQL keeps the statement's plan for the connection, and the leads arrive as one array per
-- column instead of 14 parameters each, so planning and parsing the batch no longer cost more than
-- writing it (docs/decisions/020-storing-a-batch-in-one-call.md). Returns the leads it inserted;
-- a lead whose idempotency key is already stored is skipped (ON CONFLICT DO NOTHING), so the caller
-- finds which ones came back by id.
--
-- The repeat check: if other addresses sent the same body_hash since p_repeat_since, the lead is
-- stored with the p_spam_if_repeated / p_reasons_if_repeated verdict (server/spam/spam-score.ts
-- judged both), plus the reason naming how many: p_reason_one, or p_reason_many with {n} filled in.
-- A null p_repeat_since checks nothing. The count sees leads committed before the call, not the
-- other leads of the same batch.
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
  p_spam_reasons jsonb[],
  p_reference text[],
  p_repeat_since timestamptz[],
  p_spam_if_repeated boolean[],
  p_reasons_if_repeated jsonb[],
  p_reason_one text,
  p_reason_many text
) RETURNS SETOF leads LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT *
      FROM unnest(p_id, p_form_key, p_fields, p_language, p_user_agent, p_ip_hash, p_is_spam,
                  p_idempotency_key, p_body_hash, p_spam_reasons, p_reference, p_repeat_since,
                  p_spam_if_repeated, p_reasons_if_repeated)
        AS i (id, form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
              body_hash, spam_reasons, reference, repeat_since, spam_if_repeated, reasons_if_repeated)
  ), counted AS (
    SELECT input.*,
           (SELECT count(DISTINCT l.ip_hash) FROM leads l
             WHERE l.body_hash = input.body_hash AND l.received_at >= input.repeat_since
               AND l.ip_hash IS DISTINCT FROM input.ip_hash) AS others
      FROM input
  ), stored AS (
    INSERT INTO leads (id, form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
                       body_hash, spam_reasons, reference, delivery_status)
    SELECT c.id, c.form_key, c.fields, c.language, c.user_agent, c.ip_hash,
           CASE WHEN c.others > 0 THEN c.spam_if_repeated ELSE c.is_spam END,
           c.idempotency_key, c.body_hash,
           CASE WHEN c.others = 0 THEN c.spam_reasons
                WHEN c.spam_if_repeated THEN c.reasons_if_repeated
                  || jsonb_build_array(replace(CASE WHEN c.others = 1 THEN p_reason_one ELSE p_reason_many END,
                                               '{n}', c.others::text))
                ELSE '[]'::jsonb END,
           c.reference,
           CASE WHEN (CASE WHEN c.others > 0 THEN c.spam_if_repeated ELSE c.is_spam END) THEN NULL ELSE 'pending' END
      FROM counted c
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING *
  )
  SELECT * FROM stored;
END
$$;
-- store_leads (migration 007) plans its statement once per connection and keeps that plan.
-- PL/pgSQL caches the statement, but with parameters PostgreSQL plans it anew for each call until
-- a generic plan looks cheaper, and for this statement (a correlated count over an unnest of the
-- arrays) it never does: each call was planned again, about 0.24 ms of the database's CPU per call
-- on PostgreSQL 15, more than it then spent storing a lead. The plan does not depend on the
-- values: one lookup of the body_hash index per lead, one insert per lead.
-- docs/decisions/020-storing-a-batch-in-one-call.md.
ALTER FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], jsonb[],
                           text[], timestamptz[], boolean[], jsonb[], text, text)
  SET plan_cache_mode = force_generic_plan;
