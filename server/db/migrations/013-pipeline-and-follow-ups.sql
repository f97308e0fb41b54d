-- The desk as the agency's work queue: a sales pipeline beside new and contacted (quoted, won,
-- lost with a reason), a next follow-up per lead, the indexes the queue order and the filters
-- read, a search text that needs no scan of every lead's jsonb, and the normalized e-mail and
-- phone that link one person's several requests.

-- 'closed' stays: "finished, no outcome recorded" (docs/api.md). Won and lost are finished too.
ALTER TABLE leads DROP CONSTRAINT leads_status_check;
ALTER TABLE leads ADD CONSTRAINT leads_status_check
  CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'lost', 'closed'));

-- When to contact the lead next (an instant; the desk shows it in the agency's time zone).
ALTER TABLE leads ADD COLUMN follow_up_at timestamptz;
-- Why a lost lead was lost: set with status 'lost' only.
ALTER TABLE leads ADD COLUMN lost_reason text
  CHECK (lost_reason IN ('price', 'coverage', 'other-agency', 'not-reachable', 'not-eligible', 'other'));
ALTER TABLE leads ADD CONSTRAINT leads_lost_reason_status_check CHECK (lost_reason IS NULL OR status = 'lost');

ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('contact', 'note', 'status', 'assignment', 'follow-up'));
-- A contact attempt's outcome: reached, voicemail, no answer (NULL for attempts logged before).
ALTER TABLE lead_events ADD COLUMN outcome text CHECK (outcome IN ('reached', 'voicemail', 'no-answer'));

-- What the search box reads, kept by the database on every insert and update: the lowercase
-- names and e-mail, and the phones' digits. Plain copies of fields that are stored in clear
-- anyway (docs/contracts.md, "What is stored"), so no more sensitive than the row itself. The
-- field names are the forms' `visitor` fields (forms/registry.ts visitorFieldNames); a test
-- checks this list still covers them.
ALTER TABLE leads ADD COLUMN search_text text GENERATED ALWAYS AS (lower(
  coalesce(fields->>'firstName', '') || ' ' || coalesce(fields->>'lastName', '') || ' ' ||
  coalesce(fields->>'primaryDriverName', '') || ' ' || coalesce(fields->>'primaryOperatorName', '') || ' ' ||
  coalesce(fields->>'businessName', '') || ' ' || coalesce(fields->>'companyName', '') || ' ' ||
  coalesce(fields->>'contactName', '') || ' ' || coalesce(fields->>'email', '')
)) STORED;
ALTER TABLE leads ADD COLUMN search_digits text GENERATED ALWAYS AS (
  regexp_replace(coalesce(fields->>'phone', '') || '|' || coalesce(fields->>'contactPhone', ''), '[^0-9|]', '', 'g')
) STORED;
-- One person's requests: the e-mail in lowercase, the phone as its last ten digits (a leading
-- country code 1 or none reads the same).
ALTER TABLE leads ADD COLUMN contact_email text GENERATED ALWAYS AS (
  nullif(lower(btrim(coalesce(fields->>'email', ''))), '')
) STORED;
ALTER TABLE leads ADD COLUMN contact_phone text GENERATED ALWAYS AS (
  nullif(right(regexp_replace(coalesce(nullif(fields->>'phone', ''), fields->>'contactPhone', ''), '[^0-9]', '', 'g'), 10), '')
) STORED;

CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX leads_search_text_trgm_idx ON leads USING gin (search_text gin_trgm_ops);
CREATE INDEX leads_search_digits_trgm_idx ON leads USING gin (search_digits gin_trgm_ops);
CREATE INDEX leads_contact_email_idx ON leads (contact_email) WHERE contact_email IS NOT NULL;
CREATE INDEX leads_contact_phone_idx ON leads (contact_phone) WHERE contact_phone IS NOT NULL;

-- The queue's first parts are small and read by partial indexes: new leads never contacted
-- (overdue ones are the oldest of them), and open leads with a follow-up date.
CREATE INDEX leads_waiting_idx ON leads (received_at) WHERE status = 'new' AND NOT is_spam;
CREATE INDEX leads_follow_up_idx ON leads (follow_up_at)
  WHERE follow_up_at IS NOT NULL AND status IN ('new', 'contacted', 'quoted') AND NOT is_spam;
-- "Sort by due date" over every lead.
CREATE INDEX leads_follow_up_order_idx ON leads (follow_up_at ASC NULLS LAST, received_at DESC, id DESC);
-- The list's own order, with the id that breaks ties (newest first, and the CSV's keyset).
CREATE INDEX leads_received_at_id_idx ON leads (received_at DESC, id DESC);

-- What a staff member had typed on a lead when their session ended: kept from the sign-in that
-- follows (the password was right) until the lead page shows it again, one per account, for an
-- hour at most (server/desk/work-drafts.ts). Staff's own words, as notes are in lead_events.
CREATE TABLE staff_drafts (
  staff_user_id uuid PRIMARY KEY REFERENCES staff_users (id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  fields jsonb NOT NULL,
  saved_at timestamptz NOT NULL
);
