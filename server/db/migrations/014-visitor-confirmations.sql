-- A copy for the visitor: a short confirmation e-mail (the reference, when the agency will call,
-- its phone and address; none of the visitor's own text) sent once per lead that is not spam,
-- through the same delivery worker as the agency's notification (server/delivery/delivery-worker.ts).
--
-- Its own table rather than a second row in delivery_jobs: every reader of delivery_jobs (the
-- health counts, the desk's retry, the held notifications after a restore, the webhook trigger of
-- migration 012) means "the agency's notification", one per lead.
CREATE TABLE visitor_confirmations (
  lead_id uuid PRIMARY KEY REFERENCES leads (id) ON DELETE CASCADE,
  -- 'skipped': never sent, on purpose (no e-mail field, the address's daily limit, switched off).
  -- 'discarded': undelivered when a snapshot was restored (the visitor most likely had it).
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped', 'discarded')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  -- Set when this confirmation was counted against its address's daily limit, so a retried
  -- attempt is not counted twice.
  counted boolean NOT NULL DEFAULT false,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX visitor_confirmations_due_idx ON visitor_confirmations (next_attempt_at)
  WHERE status IN ('pending', 'sending');

-- How many confirmations went to one address on one day (at most 3 are sent), so the form cannot
-- be used to mail a stranger over and over. The address is never stored: address_key is an
-- HMAC-SHA256 of the normalized address under a key derived from IP_HASH_SALT
-- (docs/contracts.md, "What is stored"). Rows of past days are deleted by the delivery worker.
CREATE TABLE visitor_mail_counts (
  address_key text NOT NULL,
  day date NOT NULL,
  sent integer NOT NULL,
  PRIMARY KEY (address_key, day)
);
CREATE INDEX visitor_mail_counts_day_idx ON visitor_mail_counts (day);

-- The confirmation is queued by the lead's own insert (store_leads, in the lead's statement) when
-- the lead is not spam. A lead staff later mark "not spam" gets none: that is an update, hours or
-- days later, and a "we received your request" arriving then would confuse more than help.
CREATE FUNCTION visitor_confirmation_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.is_spam THEN
    INSERT INTO visitor_confirmations (lead_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER leads_visitor_confirmation AFTER INSERT ON leads
  FOR EACH ROW EXECUTE FUNCTION visitor_confirmation_queued();
