-- An e-mail to a staff member when a lead is assigned to them by someone else: the reference, the
-- form, when it was received, who assigned it and the link to the lead on the desk (nothing the
-- visitor typed: the desk has it). Written in the transaction of the assignment itself
-- (server/leads/work-log.ts) and sent by the delivery worker with the same claim, lease and backoff
-- as the visitors' confirmations (migration 014): one row per assignment, sent once.
CREATE TABLE assignment_mails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  -- The member the lead was assigned to; a removed account takes its unsent mails with it.
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  -- Who assigned it (named in the e-mail); null once that account is removed.
  assigned_by uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  -- 'discarded': undelivered when a snapshot was restored (news of an old assignment, hours late).
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'discarded')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX assignment_mails_due_idx ON assignment_mails (next_attempt_at)
  WHERE status IN ('pending', 'sending');
CREATE INDEX assignment_mails_lead_idx ON assignment_mails (lead_id);
CREATE INDEX assignment_mails_staff_idx ON assignment_mails (staff_user_id);
