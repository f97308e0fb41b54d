-- A restored snapshot holds the webhook deliveries it had not made yet, as it holds the e-mails
-- (migration 011): the agency's CRM most likely got them before the snapshot was restored, so the
-- delivery worker (which claims only 'pending' and expired 'sending' rows) leaves them until an
-- owner decides at /admin/held-notifications: Send makes a delivery pending again (its id, the
-- webhook-id, kept: a receiver that had it drops the repeat), Discard ends it as 'discarded'.
-- Who decided and when stays on the delivery.
ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_status_check;
ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_status_check
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held', 'discarded'));
ALTER TABLE webhook_deliveries ADD COLUMN held_at timestamptz;
ALTER TABLE webhook_deliveries ADD COLUMN decided_by text;
ALTER TABLE webhook_deliveries ADD COLUMN decided_at timestamptz;

-- The desk's list of held deliveries.
CREATE INDEX webhook_deliveries_held_idx ON webhook_deliveries (created_at) WHERE status = 'held';
