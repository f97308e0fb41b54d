-- The visitor's copy can no longer be aimed at a stranger's mailbox (docs/contracts.md, "The
-- visitor's copy"). Migration 014 queued one for every lead that was not spam, and counted only the
-- exact address at sending: plus-tags and a Gmail address's dots passed as new addresses, a form
-- posted without JavaScript (no proof of work) and a lead with spam signals below the verdict got
-- one too. Now the submission offers a copy only for a lead sent with a solved proof of work and no
-- spam signal at all (server/leads/visitor-copies.ts), and this function grants it within three
-- bounds, all over the last 24 hours of copies granted: per mailbox, per client address group, and
-- an hourly cap across every visitor that no wave passes.
DROP TRIGGER leads_visitor_confirmation ON leads;
DROP FUNCTION visitor_confirmation_queued();

-- The copies granted in the last day, and to whom as keyed digests only: mailbox_key is an
-- HMAC-SHA256 of the mailbox (lower case, plus-tag removed, Gmail's dots folded) under a key derived
-- from IP_HASH_SALT, group_key the lead's ip_hash (an HMAC of its client address group). Rows older
-- than a day are deleted by each offer, so the table holds at most a day of the hourly cap.
CREATE TABLE visitor_copies_granted (
  lead_id uuid PRIMARY KEY,
  mailbox_key text NOT NULL,
  group_key text,
  granted_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitor_copies_granted_at_idx ON visitor_copies_granted (granted_at);

-- Offers a copy to each lead of a batch, in order: a granted one is queued for the delivery worker
-- ('pending'), a refused one kept as 'skipped' with its reason. Offers from every process take one
-- lock in turn, so the counts each reads are those it adds to: a wave from many addresses at once
-- cannot pass a bound between two reads.
CREATE FUNCTION offer_visitor_copies(
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
