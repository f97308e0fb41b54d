-- Phone notifications (Web Push, RFC 8030/8291/8292): a staff member's browsers subscribe on the
-- desk (/admin/notifications, POST /api/admin/push-subscriptions), each member chooses what reaches
-- them, and the delivery worker sends each message through the same outbox idea as the e-mail
-- (docs/decisions/003-sql-and-outbox.md, its own lane: docs/decisions/038-web-push.md).

-- One browser (a phone, a laptop) of one member. The endpoint is the push service's address for
-- that browser, a capability: whoever holds it can push to the browser, so it is never logged or
-- shown whole. p256dh and auth are the browser's public key and secret (base64url), the keys every
-- message is encrypted to. A browser belongs to the member who subscribed it last.
CREATE TABLE push_subscriptions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_subscriptions_staff_idx ON push_subscriptions (staff_user_id, created_at);

-- What reaches a member; no row means the defaults (every kind on, no quiet hours).
CREATE TABLE push_preferences (
  staff_user_id uuid PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
  -- Every new lead that is not spam.
  new_leads boolean NOT NULL DEFAULT true,
  -- A lead a colleague assigned to them.
  assigned boolean NOT NULL DEFAULT true,
  -- Their own follow-ups (leads assigned to them), when due.
  follow_ups boolean NOT NULL DEFAULT true,
  -- Outside the office's hours (config/agency.ts), messages wait for the office to open.
  quiet_hours boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- One message to one browser: the outbox the delivery worker's push lane claims from. Only the
-- lead's id and the kind are stored; the text (reference, form, first name) is read from the lead
-- when it is sent, so a lead changed meanwhile is told as it is, or not at all.
CREATE TABLE push_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  subscription_id uuid NOT NULL REFERENCES push_subscriptions (id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('new-lead', 'assigned', 'follow-up')),
  -- A follow-up's due time: one message per browser, lead and due time.
  follow_up_at timestamptz,
  -- 'skipped': no longer true when its turn came (reassigned, follow-up moved, lead dealt with);
  -- 'discarded': undelivered when a snapshot was restored.
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'skipped', 'failed', 'discarded')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  -- The push service's answer or the failure, in a few words of ours: never the endpoint.
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX push_messages_due_idx ON push_messages (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX push_messages_subscription_idx ON push_messages (subscription_id);
CREATE INDEX push_messages_lead_idx ON push_messages (lead_id);
CREATE INDEX push_messages_created_idx ON push_messages (created_at);
CREATE UNIQUE INDEX push_messages_follow_up_idx ON push_messages (subscription_id, lead_id, follow_up_at)
  WHERE kind = 'follow-up';

-- A new lead reaches the browsers of the members who want every new lead when its notification job
-- is queued, as its webhook event does (migration 012): a lead that is not spam (store_leads), or
-- one staff mark "not spam". Digest jobs have no lead. With no subscription this is one lookup in
-- an empty table per lead.
CREATE FUNCTION push_lead_received() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE TRIGGER delivery_jobs_push_received AFTER INSERT ON delivery_jobs
  FOR EACH ROW EXECUTE FUNCTION push_lead_received();
