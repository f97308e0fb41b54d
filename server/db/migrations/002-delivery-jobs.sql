-- Transactional outbox: one job per non-spam lead, written in the lead's transaction, so a lead
-- answered OK is always mailed eventually (the delivery worker retries with backoff).
CREATE TABLE delivery_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  -- 'sending': claimed by a worker until locked_until; a worker that died mid-send leaves it to expire.
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  locked_until timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

-- The worker's query: due pending jobs, oldest first (SELECT ... FOR UPDATE SKIP LOCKED).
CREATE INDEX delivery_jobs_due_idx ON delivery_jobs (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX delivery_jobs_lead_id_idx ON delivery_jobs (lead_id);
