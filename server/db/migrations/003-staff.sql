-- The staff lead inbox (/admin): accounts, sessions, sign-in throttling and an audit of who saw
-- which sensitive field. Accounts are made with `npm run staff -- add <email>`, never on the web.
CREATE TABLE staff_users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE CHECK (email = lower(email)),
  -- scrypt$N$r$p$salt$hash (server/staff/password-hash.ts)
  password_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz
);

-- One row per signed-in browser. Only the SHA-256 of the cookie's token is stored.
CREATE TABLE staff_sessions (
  token_hash text PRIMARY KEY,
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  -- Absolute expiry; the idle expiry is last_seen_at plus the idle period.
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_sessions_staff_user_id_idx ON staff_sessions (staff_user_id);
CREATE INDEX staff_sessions_expires_at_idx ON staff_sessions (expires_at);

-- Failed sign-ins per key ('account:<sha256 of the e-mail>' or 'address:<ip hash>') and lockouts.
CREATE TABLE sign_in_throttles (
  key text PRIMARY KEY,
  failures integer NOT NULL DEFAULT 0,
  window_started_at timestamptz NOT NULL,
  locked_until timestamptz
);

-- Every time a staff member revealed a sensitive field (SSN, EIN). No foreign keys: the record
-- outlives the lead (retention) and the account (the e-mail is kept).
CREATE TABLE sensitive_reveals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  staff_user_id uuid,
  staff_email text NOT NULL,
  lead_id uuid NOT NULL,
  field_name text NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sensitive_reveals_lead_id_idx ON sensitive_reveals (lead_id, revealed_at);

-- Staff move a lead through these; spam is the separate is_spam flag.
ALTER TABLE leads ADD CONSTRAINT leads_status_check CHECK (status IN ('new', 'contacted', 'closed'));
-- The inbox's status filter and the retention sweep.
CREATE INDEX leads_status_received_at_idx ON leads (status, received_at DESC);
