-- Every submission the API answered OK, spam included (kept for review, never mailed).
CREATE TABLE leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  form_key text NOT NULL,
  -- The form's fields under their contract names (docs/contracts.md, "Forms"), values as submitted (canonical, whatever the language).
  fields jsonb NOT NULL,
  language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'es')),
  received_at timestamptz NOT NULL DEFAULT now(),
  user_agent text,
  -- HMAC-SHA-256 of the client address with a server secret: lets staff spot repeats, never the address.
  ip_hash text,
  is_spam boolean NOT NULL DEFAULT false,
  -- Sent by the browser once per submission; a retried or doubled request stores one lead.
  idempotency_key text UNIQUE,
  status text NOT NULL DEFAULT 'new'
);

CREATE INDEX leads_received_at_idx ON leads (received_at DESC);
CREATE INDEX leads_form_key_received_at_idx ON leads (form_key, received_at DESC);
