-- The lead desk: who has each lead, when it was first answered, a work log, staff roles,
-- a second factor with recovery codes, an audit of account changes, and the morning digest.

-- Who has the lead (NULL: unassigned). Removing an account unassigns its leads.
ALTER TABLE leads ADD COLUMN assigned_to uuid REFERENCES staff_users (id) ON DELETE SET NULL;
-- The first logged contact attempt: "time to first contact" is first_contact_at - received_at.
ALTER TABLE leads ADD COLUMN first_contact_at timestamptz;
CREATE INDEX leads_assigned_to_idx ON leads (assigned_to);

-- The work log: contact attempts, notes, status changes and assignments, with who and when. The
-- e-mail is kept (no foreign key on the account) so the log outlives a removed account.
CREATE TABLE lead_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  staff_user_id uuid,
  staff_email text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('contact', 'note', 'status', 'assignment')),
  channel text CHECK (channel IN ('call', 'email', 'text')),
  reached boolean,
  -- The note's text, the new status, or the assignee's e-mail ('' when unassigned).
  detail text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX lead_events_lead_id_idx ON lead_events (lead_id, created_at);

-- Owners manage staff accounts from the desk; staff work leads.
ALTER TABLE staff_users ADD COLUMN role text NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'staff'));
-- TOTP: the secret encrypted with LEAD_ENCRYPTION_KEY; enabled once a first code was confirmed.
ALTER TABLE staff_users ADD COLUMN totp_secret text;
ALTER TABLE staff_users ADD COLUMN totp_enabled_at timestamptz;
-- The time step of the last accepted code: a code is never accepted twice.
ALTER TABLE staff_users ADD COLUMN totp_last_step bigint;

-- One-time recovery codes (SHA-256 of each; used_at set when spent).
CREATE TABLE staff_recovery_codes (
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (staff_user_id, code_hash)
);

-- A session is 'full' only after the second factor (or enrolment, where it is required).
ALTER TABLE staff_sessions ADD COLUMN stage text NOT NULL DEFAULT 'full'
  CHECK (stage IN ('full', 'second-factor', 'enrol'));

-- Account changes made from the desk or the command: who did what to which account, when.
CREATE TABLE staff_audit (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_email text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);

-- The morning digest goes through the same outbox as lead notifications: a job with a day and no
-- lead. The unique day is what keeps several server processes from queueing it twice.
ALTER TABLE delivery_jobs ALTER COLUMN lead_id DROP NOT NULL;
ALTER TABLE delivery_jobs ADD COLUMN digest_day date UNIQUE;
ALTER TABLE delivery_jobs ADD CONSTRAINT delivery_jobs_one_subject_check
  CHECK ((lead_id IS NULL) <> (digest_day IS NULL));
