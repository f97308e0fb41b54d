-- Events (branch `events`, decision 046-webhook-sequence-frozen-body-and-rotation): more kinds of
-- webhook event, each with a per-lead sequence number and a snapshot of its lead taken in the
-- transaction that writes it; each delivery keeps the body it sends, built once, so every attempt
-- and every replay sends the same bytes under the same webhook-id; destinations choose their events
-- and keep their previous signing secret for a day after a rotation.

ALTER TABLE webhook_events DROP CONSTRAINT webhook_events_type_check;
ALTER TABLE webhook_events ADD CONSTRAINT webhook_events_type_check CHECK (type IN (
  'lead.received', 'lead.status_changed', 'lead.assigned', 'lead.note_added', 'lead.contact_logged',
  'lead.follow_up_set', 'lead.follow_up_cleared', 'lead.marked_spam', 'lead.marked_not_spam'));
-- 1, 2, 3… per lead, in the order the events were written (record_lead_event, functions.sql).
ALTER TABLE webhook_events ADD COLUMN sequence integer;
-- The lead as it was when the event was written (the payload is built from it, not from the lead now).
ALTER TABLE webhook_events ADD COLUMN snapshot jsonb;
UPDATE webhook_events e SET sequence = n.sequence
  FROM (SELECT id, row_number() OVER (PARTITION BY lead_id ORDER BY occurred_at, id) AS sequence
          FROM webhook_events) n
 WHERE n.id = e.id;
ALTER TABLE webhook_events ALTER COLUMN sequence SET NOT NULL;
CREATE UNIQUE INDEX webhook_events_lead_sequence_idx ON webhook_events (lead_id, sequence);
DROP INDEX webhook_events_lead_idx;

-- The JSON body every attempt of the delivery sends, written at its first attempt; for a
-- destination allowed SSN and EIN it is AES-256-GCM under LEAD_ENCRYPTION_KEY (body_encrypted).
ALTER TABLE webhook_deliveries ADD COLUMN body text;
ALTER TABLE webhook_deliveries ADD COLUMN body_encrypted boolean NOT NULL DEFAULT false;
-- An owner's replay: who and when (the delivery is pending again with its body and id).
ALTER TABLE webhook_deliveries ADD COLUMN replayed_by text;
ALTER TABLE webhook_deliveries ADD COLUMN replayed_at timestamptz;
CREATE INDEX webhook_deliveries_destination_event_idx ON webhook_deliveries (destination_id, event_id);

-- The events a destination takes. Those that existed before keep what they got: the three
-- events of then.
ALTER TABLE webhook_destinations ADD COLUMN events jsonb NOT NULL
  DEFAULT '["lead.received", "lead.status_changed", "lead.assigned"]';
-- After a rotation the old secret signs too, until previous_secret_until (a day).
ALTER TABLE webhook_destinations ADD COLUMN previous_secret_encrypted text;
ALTER TABLE webhook_destinations ADD COLUMN previous_secret_until timestamptz;
ALTER TABLE webhook_destinations ADD COLUMN secret_rotated_at timestamptz;
