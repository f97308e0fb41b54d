-- When a lead last changed, for an integration's sync (docs/api.md, "Sync": `updatedSince` and a
-- cursor over this time). Kept by the database itself, whichever code makes the change: a change of
-- the row (status, spam, assignee, follow-up, first contact) and a new entry of its work log (a note,
-- a contact attempt) set it to the clock at that statement. A stored lead starts at its receipt.
ALTER TABLE leads ADD COLUMN updated_at timestamptz;
UPDATE leads SET updated_at = GREATEST(
  received_at,
  (SELECT max(e.created_at) FROM lead_events e WHERE e.lead_id = leads.id)
);
ALTER TABLE leads ALTER COLUMN updated_at SET DEFAULT now();
ALTER TABLE leads ALTER COLUMN updated_at SET NOT NULL;

CREATE FUNCTION leads_set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END
$$;
-- Every UPDATE of a lead's row is a change staff made (work-log.ts, lead-repository.ts setLeadSpam,
-- staff-accounts.ts), or the desk marking spam again.
CREATE TRIGGER leads_updated_at BEFORE UPDATE ON leads
  FOR EACH ROW EXECUTE FUNCTION leads_set_updated_at();

CREATE FUNCTION lead_events_touch_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE leads SET updated_at = clock_timestamp() WHERE id = NEW.lead_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER lead_events_touch_lead AFTER INSERT ON lead_events
  FOR EACH ROW EXECUTE FUNCTION lead_events_touch_lead();

-- The sync reads changes in this order, from a cursor.
CREATE INDEX leads_updated_at_idx ON leads (updated_at, id);
