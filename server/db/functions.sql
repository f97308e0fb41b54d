-- The live definitions of every database function and trigger: what runs today, in one file.
-- server/db/migrate.ts applies this file after the migrations, in their transaction, whenever its
-- text differs from the one last applied (schema_functions holds its SHA-256), so each statement here
-- must be safe to run again: CREATE OR REPLACE. The migrations that first created these functions are
-- history; a change goes here, and only a change that CREATE OR REPLACE cannot make (another
-- signature, another return type, a function or trigger removed) also needs a migration that drops the
-- old one (e.g. 027). docs/decisions/036-storing-a-lead.md; the map of every place a
-- message is queued is in server/db/README.md.

-- The short reference a visitor is given, e.g. "K7M-Q9X": the column default of leads.reference.
-- The lead repository draws its own (server/leads/lead-reference.ts, the same alphabet); this one
-- serves any other insert. 31 symbols without 0/O, 1/I/L; the unique index catches a repeat.
CREATE OR REPLACE FUNCTION new_lead_reference() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(
    CASE WHEN n = 4 THEN '-' ELSE '' END
      || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1),
    '' ORDER BY n)
  FROM generate_series(1, 6) AS n
$$;

-- The one place that decides whether a webhook event is written: only while some destination is
-- on, so a site without webhooks writes nothing (one look at a tiny table per event). Called by
-- the trigger below (a lead received) and by server/webhooks/webhook-jobs.ts recordLeadEvent (every
-- other event), always in the transaction of the change it tells. It locks the lead's row, so the
-- event's `sequence` (1, 2, 3… per lead) is the next one whoever writes at once, and keeps the lead
-- as it is now in `snapshot`: the payload is built from it, never from the lead at send time
-- (decision 046-webhook-sequence-frozen-body-and-rotation).
CREATE OR REPLACE FUNCTION record_lead_event(
  event_lead_id uuid, event_type text, event_detail jsonb, event_at timestamptz
) RETURNS void LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  lead_snapshot jsonb;
  next_sequence integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM webhook_destinations WHERE enabled) THEN
    RETURN;
  END IF;
  SELECT jsonb_build_object(
           'reference', l.reference, 'formKey', l.form_key, 'fields', l.fields,
           'language', l.language, 'receivedAt', l.received_at, 'status', l.status,
           'lostReason', l.lost_reason, 'spam', l.is_spam, 'followUpAt', l.follow_up_at,
           'assignedTo', s.email, 'assignedToName', s.display_name, 'source', l.source)
    INTO lead_snapshot
    FROM leads l
    LEFT JOIN staff_users s ON s.id = l.assigned_to
   WHERE l.id = event_lead_id
     FOR UPDATE OF l;
  IF lead_snapshot IS NULL THEN
    RETURN;
  END IF;
  SELECT coalesce(max(sequence), 0) + 1 INTO next_sequence
    FROM webhook_events WHERE lead_id = event_lead_id;
  INSERT INTO webhook_events (lead_id, type, detail, occurred_at, sequence, snapshot)
  VALUES (event_lead_id, event_type, event_detail, event_at, next_sequence, lead_snapshot);
END
$$;

-- A lead is "received" when the agency's notification of it is queued (a delivery job with a lead:
-- digest jobs have none): by store_leads for a lead that is not spam, or when staff mark a lead
-- "not spam" (server/leads/lead-jobs.ts queueLeadJobOnce).
CREATE OR REPLACE FUNCTION webhook_lead_received() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lead_id IS NOT NULL THEN
    PERFORM record_lead_event(NEW.lead_id, 'lead.received', '{}'::jsonb, now());
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER delivery_jobs_webhook_received AFTER INSERT ON delivery_jobs
  FOR EACH ROW EXECUTE FUNCTION webhook_lead_received();

-- Offers the visitor's copy to each lead of a batch, in order (docs/contracts.md, "The visitor's
-- copy"): a granted one is queued for the delivery worker ('pending'), a refused one kept as
-- 'skipped' with its reason. Three bounds over the last 24 hours of copies granted: per mailbox
-- (a keyed digest of it), per client address group (the lead's ip_hash), and an hourly cap across
-- every visitor. Offers from every process take one lock in turn, so the counts each reads are
-- those it adds to: a wave from many addresses at once cannot pass a bound between two reads.
-- Called by store_leads for the leads of its batch that asked for a copy and were stored clean.
CREATE OR REPLACE FUNCTION offer_visitor_copies(
  lead_ids uuid[], mailbox_keys text[], group_keys text[],
  per_mailbox integer, per_group integer, per_hour integer
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  i integer;
  refused text;
BEGIN
  PERFORM pg_advisory_xact_lock(7201452032);
  DELETE FROM visitor_copies_granted WHERE granted_at <= now() - interval '1 day';
  FOR i IN 1 .. coalesce(array_length(lead_ids, 1), 0) LOOP
    refused := CASE
      WHEN (SELECT count(*) FROM visitor_copies_granted
            WHERE granted_at > now() - interval '1 hour') >= per_hour THEN 'hourly cap'
      WHEN (SELECT count(*) FROM visitor_copies_granted
            WHERE mailbox_key = mailbox_keys[i]) >= per_mailbox THEN 'mailbox limit'
      WHEN group_keys[i] IS NOT NULL AND (SELECT count(*) FROM visitor_copies_granted
            WHERE group_key = group_keys[i]) >= per_group THEN 'address group limit'
    END;
    IF refused IS NULL THEN
      INSERT INTO visitor_copies_granted (lead_id, mailbox_key, group_key)
        VALUES (lead_ids[i], mailbox_keys[i], group_keys[i]) ON CONFLICT DO NOTHING;
    END IF;
    INSERT INTO visitor_confirmations (lead_id, status, last_error)
      VALUES (lead_ids[i], CASE WHEN refused IS NULL THEN 'pending' ELSE 'skipped' END, refused)
      ON CONFLICT DO NOTHING;
  END LOOP;
END
$$;

-- Stores a batch of leads in one call (server/leads/lead-repository.ts, by group commit;
-- docs/decisions/036-storing-a-lead.md), and with them everything a lead writes
-- beside itself:
--   1. the repeated-text check: if other addresses sent the lead's text_hash since repeat_since,
--      the lead is stored with the spam_if_repeated / reasons_if_repeated verdict plus the reason
--      naming how many (rules' reason_one, reason_many with {n} filled in, or reason_capped when
--      repeat_cap addresses or more did: the count stops there, so a wave costs no more per lead).
--      A null repeat_since checks nothing. Leads committed before the call count, the other leads
--      of the same batch do not (one statement, one snapshot);
--   2. the lead (ON CONFLICT on its idempotency key: skipped, and so absent from what comes back);
--   3. its address as a sender of its text (text_senders, for the check of later leads);
--   4. the agency's notification (delivery_jobs) when it is not spam, and with it the webhook event
--      (the trigger above);
--   5. its used proof of work (used_proofs, server/spam/used-proofs.ts), whether or not the lead
--      itself was new, and the proofs expired by rules' now are deleted;
--   6. the visitor's copy (offer_visitor_copies above) when the lead asked for one (a
--      copy_mailbox_key) and was stored with no spam reason at all. In a block of its own: if the
--      offer fails, the leads stand and the visitor gets no copy.
--
-- `batch` is one JSON array with one object per lead, its keys the columns listed under `input`
-- (a new column is one more key here and in leadArguments); `rules` holds what is the same for the
-- whole batch: reason_one, reason_many, reason_capped, repeat_cap, now, copies_per_mailbox,
-- copies_per_group, copies_per_hour. Returns the leads it inserted.
CREATE OR REPLACE FUNCTION store_leads(batch jsonb, rules jsonb) RETURNS SETOF leads
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  reason_one text := rules->>'reason_one';
  reason_many text := rules->>'reason_many';
  reason_capped text := rules->>'reason_capped';
  repeat_cap integer := (rules->>'repeat_cap')::integer;
  offers record;
BEGIN
  RETURN QUERY
  WITH input AS (
    SELECT *
      FROM jsonb_to_recordset(batch)
        AS i (id uuid, form_key text, fields jsonb, language text, user_agent text, ip_hash text,
              is_spam boolean, idempotency_key text, body_hash text, text_hash text,
              spam_reasons jsonb, reference text, repeat_since timestamptz, spam_if_repeated boolean,
              reasons_if_repeated jsonb, source jsonb)
  ), counted AS (
    SELECT input.*,
           (SELECT count(*) FROM (
              SELECT 1 FROM text_senders s
               WHERE s.text_hash = input.text_hash AND s.last_sent_at >= input.repeat_since
                 AND s.ip_hash IS DISTINCT FROM input.ip_hash
               LIMIT repeat_cap) AS capped) AS others
      FROM input
  ), stored AS (
    INSERT INTO leads AS l (id, form_key, fields, language, user_agent, ip_hash, is_spam,
                            idempotency_key, body_hash, spam_reasons, reference, source)
    SELECT c.id, c.form_key, c.fields, c.language, c.user_agent, c.ip_hash,
           CASE WHEN c.others > 0 THEN c.spam_if_repeated ELSE c.is_spam END,
           c.idempotency_key, c.body_hash,
           CASE WHEN c.others = 0 THEN c.spam_reasons
                WHEN c.spam_if_repeated THEN c.reasons_if_repeated
                  || jsonb_build_array(replace(CASE WHEN c.others = 1 THEN reason_one
                                                    WHEN c.others >= repeat_cap THEN reason_capped
                                                    ELSE reason_many END,
                                               '{n}', c.others::text))
                ELSE '[]'::jsonb END,
           c.reference, c.source
      FROM counted c
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING l.*
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

  -- The used proofs, in digest order (two batches never wait on each other's rows in opposite
  -- orders); the expired ones go with each write, so the table holds one challenge lifetime's.
  IF jsonb_path_exists(batch, '$[*].proof_digest ? (@ != null)') THEN
    DELETE FROM used_proofs WHERE expires_at <= (rules->>'now')::timestamptz;
    INSERT INTO used_proofs (digest, submission, expires_at)
    SELECT p.proof_digest, p.proof_submission, p.proof_expires_at
      FROM jsonb_to_recordset(batch) AS p (proof_digest text, proof_submission text, proof_expires_at timestamptz)
     WHERE p.proof_digest IS NOT NULL
     ORDER BY p.proof_digest
    ON CONFLICT (digest) DO NOTHING;
  END IF;

  -- The visitors' copies, in the batch's order, of the leads this call stored clean (their ids are
  -- new, so a lead found by id here is one this call inserted).
  SELECT array_agg(o.id ORDER BY o.n) AS ids, array_agg(o.copy_mailbox_key ORDER BY o.n) AS mailboxes,
         array_agg(l.ip_hash ORDER BY o.n) AS groups
    INTO offers
    FROM ROWS FROM (jsonb_to_recordset(batch) AS (id uuid, copy_mailbox_key text)) WITH ORDINALITY
           AS o (id, copy_mailbox_key, n)
    JOIN leads l ON l.id = o.id
   WHERE o.copy_mailbox_key IS NOT NULL AND NOT l.is_spam AND l.spam_reasons = '[]'::jsonb;
  IF offers.ids IS NOT NULL THEN
    BEGIN
      PERFORM offer_visitor_copies(offers.ids, offers.mailboxes, offers.groups,
                                   (rules->>'copies_per_mailbox')::integer,
                                   (rules->>'copies_per_group')::integer,
                                   (rules->>'copies_per_hour')::integer);
    EXCEPTION WHEN OTHERS THEN
      RAISE WARNING 'store_leads: the visitors'' copies of this batch were not offered: %', SQLERRM;
    END;
  END IF;
END
$$;

-- Phone notifications (decision 038): a new lead reaches the browsers of the members who want every
-- new lead when its notification job is queued, as its webhook event does: a lead that is not spam
-- (store_leads), or one staff mark "not spam". Digest jobs have no lead. With no subscription this
-- is one lookup in an empty table per lead. Trigger delivery_jobs_push_received (migration 024).
CREATE OR REPLACE FUNCTION push_lead_received() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lead_id IS NOT NULL THEN
    INSERT INTO push_messages (subscription_id, lead_id, kind)
    SELECT s.id, NEW.lead_id, 'new-lead'
      FROM push_subscriptions s
      LEFT JOIN push_preferences p ON p.staff_user_id = s.staff_user_id
     WHERE coalesce(p.new_leads, true);
  END IF;
  RETURN NULL;
END
$$;

-- When a lead last changed, for the API's sync (decision 040): any UPDATE of its row (trigger
-- leads_updated_at), any new entry of its work log (trigger lead_events_touch_lead; migration 026).
CREATE OR REPLACE FUNCTION leads_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION lead_events_touch_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET updated_at = clock_timestamp() WHERE id = NEW.lead_id;
  RETURN NULL;
END
$$;
