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
                       body_hash, spam_reasons, reference)
    SELECT c.id, c.form_key, c.fields, c.language, c.user_agent, c.ip_hash,
           CASE WHEN c.others > 0 THEN c.spam_if_repeated ELSE c.is_spam END,
           c.idempotency_key, c.body_hash,
           CASE WHEN c.others = 0 THEN c.spam_reasons
                WHEN c.spam_if_repeated THEN c.reasons_if_repeated
                  || jsonb_build_array(replace(CASE WHEN c.others = 1 THEN p_reason_one ELSE p_reason_many END,
                                               '{n}', c.others::text))
                ELSE '[]'::jsonb END,
           c.reference
      FROM counted c
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING *
  ), job AS (
    INSERT INTO delivery_jobs (lead_id) SELECT s.id FROM stored s WHERE NOT s.is_spam
  )
  SELECT * FROM stored;
END
$$;
