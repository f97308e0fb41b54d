-- A restored snapshot holds the notifications it had not delivered yet ('held'): the agency most
-- likely got them before the snapshot was restored, so the delivery worker (which claims only
-- 'pending' and expired 'sending' jobs) leaves them until an owner decides on the desk, at
-- /admin/held-notifications: Send makes the job pending again, Discard ends it as 'discarded'.
-- Who decided and when stays on the job (README, "Backups").
ALTER TABLE delivery_jobs DROP CONSTRAINT delivery_jobs_status_check;
ALTER TABLE delivery_jobs ADD CONSTRAINT delivery_jobs_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held', 'discarded'));
ALTER TABLE delivery_jobs ADD COLUMN held_at timestamptz;
ALTER TABLE delivery_jobs ADD COLUMN decided_by text;
ALTER TABLE delivery_jobs ADD COLUMN decided_at timestamptz;

-- The desk's list of held notifications.
CREATE INDEX delivery_jobs_held_idx ON delivery_jobs (created_at) WHERE status = 'held';
