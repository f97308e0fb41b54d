-- A new webhook destination's signing secret is shown once on the page the POST redirects to
-- (Post/Redirect/Get, decision 026), like a generated password: a refresh adds nothing.
ALTER TABLE staff_flashes DROP CONSTRAINT staff_flashes_kind_check;
ALTER TABLE staff_flashes ADD CONSTRAINT staff_flashes_kind_check
  CHECK (kind IN ('password', 'recovery-codes', 'reveal', 'webhook-secret'));

-- SSN and EIN that left in a webhook are recorded per lead like a reveal, before they leave: the
-- destination's address, and the owner who allowed it in staff_email (staff_user_id null). Once
-- per delivery and field, however many attempts it takes (the unique index).
ALTER TABLE sensitive_reveals ADD COLUMN webhook_url text;
ALTER TABLE sensitive_reveals ADD COLUMN webhook_delivery_id uuid;
CREATE UNIQUE INDEX sensitive_reveals_webhook_delivery_idx
  ON sensitive_reveals (webhook_delivery_id, field_name) WHERE webhook_delivery_id IS NOT NULL;

-- The desk no longer shows what a receiver answered (its text, or a connection's error, could
-- tell what listens on an internal address): the answers kept so far are forgotten, their status
-- codes stay.
UPDATE webhook_deliveries SET last_response = NULL WHERE last_response IS NOT NULL;
