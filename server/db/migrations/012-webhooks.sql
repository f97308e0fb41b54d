-- Webhooks: every lead reaches the agency's other systems (a CRM, an agency management system)
-- as a signed JSON POST (Standard Webhooks), through the same outbox idea as the e-mail
-- (docs/decisions/003-sql-and-outbox.md): an event is written in the transaction of the change it
-- describes, the delivery worker fans it out to the destinations it matches, and each delivery is
-- retried with backoff until the receiver answers 2xx (docs/api.md, "Webhooks").

-- Where leads go. Set by an owner at /admin/webhooks, or one from WEBHOOK_URL / WEBHOOK_SECRET
-- (from_environment, at most one, kept in step with the environment at each start).
CREATE TABLE webhook_destinations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url text NOT NULL,
  -- The whsec_ signing secret, AES-256-GCM under LEAD_ENCRYPTION_KEY (never in clear in a backup).
  secret_encrypted text NOT NULL,
  -- Form keys and lines of insurance this destination takes; both empty: every lead.
  form_keys jsonb NOT NULL DEFAULT '[]',
  lines jsonb NOT NULL DEFAULT '[]',
  -- The owner's on/off switch: a destination that is off gets no new deliveries.
  enabled boolean NOT NULL DEFAULT true,
  -- SSN and EIN go out (decrypted at send time) only when ticked, and only to an https URL.
  send_sensitive boolean NOT NULL DEFAULT false,
  from_environment boolean NOT NULL DEFAULT false,
  -- Since when every attempt has failed (null after a success); a day of that pauses it.
  failing_since timestamptz,
  -- Paused automatically: deliveries wait (still queued) until an owner turns it back on.
  paused_at timestamptz,
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX webhook_destinations_environment_idx ON webhook_destinations (from_environment)
  WHERE from_environment;

-- What happened to a lead, written with the change itself. `detail` holds the change as it was
-- (the new status and the one before, or the assignee's e-mail), so a late delivery still says
-- what happened then; the rest of the payload is read from the lead when it is sent.
CREATE TABLE webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('lead.received', 'lead.status_changed', 'lead.assigned')),
  detail jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL DEFAULT now(),
  -- Set once the delivery worker has made this event's deliveries.
  fanned_out boolean NOT NULL DEFAULT false
);
CREATE INDEX webhook_events_waiting_idx ON webhook_events (occurred_at) WHERE NOT fanned_out;
CREATE INDEX webhook_events_lead_idx ON webhook_events (lead_id);

-- One event to one destination. Its id is the `webhook-id` header of every attempt, so a receiver
-- that got an attempt whose answer was lost drops the repeat.
CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  destination_id uuid NOT NULL REFERENCES webhook_destinations (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  -- The receiver's last answer: its HTTP status and the start of its body (or why there was none).
  last_status_code integer,
  last_response text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (event_id, destination_id)
);
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at)
  WHERE status IN ('pending', 'sending');
CREATE INDEX webhook_deliveries_destination_idx ON webhook_deliveries (destination_id, created_at);

-- A lead is "received" when its notification job is queued: by the batch insert of a lead that is
-- not spam (store_leads), or when staff mark a lead "not spam" (queueLeadJobOnce). Digest jobs have
-- no lead. Nothing is written while no destination is on, so a site without webhooks pays one
-- index-free lookup in a tiny table per lead.
CREATE FUNCTION webhook_lead_received() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.lead_id IS NOT NULL AND EXISTS (SELECT 1 FROM webhook_destinations WHERE enabled) THEN
    INSERT INTO webhook_events (lead_id, type) VALUES (NEW.lead_id, 'lead.received');
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER delivery_jobs_webhook_received AFTER INSERT ON delivery_jobs
  FOR EACH ROW EXECUTE FUNCTION webhook_lead_received();
