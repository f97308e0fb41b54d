-- Where a lead came from, recorded without cookies (docs/contracts.md, "What is stored"; docs/api.md,
-- "Where a lead came from"): the first page of the visitor's visit (path only), the other site that
-- sent them (host only), the landing address's utm_* values and which kind of ad click id it carried
-- (never the id). The browser keeps it in the tab's sessionStorage and sends it with the form; the
-- server validates it (server/leads/lead-source.ts). Null when nothing is known (no JavaScript,
-- leads stored before this migration).
ALTER TABLE leads ADD COLUMN source jsonb;

-- store_leads (migration 009's, otherwise unchanged) takes one more array, each lead's source, so
-- the source is written by the lead's own insert: no second statement, nothing to half-apply.
DROP FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], text[],
                          jsonb[], text[], timestamptz[], boolean[], jsonb[], text, text, text, integer);

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
  p_source jsonb[],
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
                  p_repeat_since, p_spam_if_repeated, p_reasons_if_repeated, p_source)
        AS i (id, form_key, fields, language, user_agent, ip_hash, is_spam, idempotency_key,
              body_hash, text_hash, spam_reasons, reference, repeat_since, spam_if_repeated,
              reasons_if_repeated, source)
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
                       body_hash, spam_reasons, reference, source)
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
           c.reference, c.source
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

ALTER FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], text[],
                           jsonb[], text[], timestamptz[], boolean[], jsonb[], jsonb[], text, text, text, integer)
  SET plan_cache_mode = force_generic_plan;
