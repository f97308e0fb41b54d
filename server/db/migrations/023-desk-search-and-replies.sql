-- The desk's search ignores accents as well as case: staff type on US keyboards, so `luis diaz`
-- finds "Luis Díaz" and `construcciones diaz` finds "Construcciones Díaz". The same words as before
-- (names, businesses, e-mail), folded by the database itself on every insert and update, with the
-- same SQL on PGlite and PostgreSQL: Unicode NFD splits each accented letter into its letter and
-- combining marks, the marks (U+0300 to U+036F) are dropped, then lower(). PGlite has no
-- `unaccent`; normalize() and regexp_replace() are immutable built-ins on both. The search box's
-- text is folded the same way (server/leads/lead-filters.ts foldForSearch).
DROP INDEX leads_search_text_trgm_idx;
ALTER TABLE leads DROP COLUMN search_text;
ALTER TABLE leads ADD COLUMN search_text text GENERATED ALWAYS AS (lower(regexp_replace(normalize(
  coalesce(fields->>'firstName', '') || ' ' || coalesce(fields->>'lastName', '') || ' ' ||
  coalesce(fields->>'primaryDriverName', '') || ' ' || coalesce(fields->>'primaryOperatorName', '') || ' ' ||
  coalesce(fields->>'businessName', '') || ' ' || coalesce(fields->>'companyName', '') || ' ' ||
  coalesce(fields->>'contactName', '') || ' ' || coalesce(fields->>'email', ''),
  NFD), '[\u0300-\u036f]', '', 'g'))) STORED;
CREATE INDEX leads_search_text_trgm_idx ON leads USING gin (search_text gin_trgm_ops);

-- Replies from the desk (server/desk/reply-templates.ts): the owners' own wording of the reply per
-- template (a line of insurance, or 'thanks' for a testimonial or a referral) and language. A
-- template without a row here is the default of content/desk-replies.ts.
CREATE TABLE reply_templates (
  template text NOT NULL
    CHECK (template IN ('vehicle', 'property', 'life', 'business', 'specialty', 'service', 'thanks')),
  language text NOT NULL CHECK (language IN ('en', 'es')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 200),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 5000),
  updated_by text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (template, language)
);

-- A reply a staff member sent a visitor from the desk, sent by the delivery worker with the same
-- claim, lease and backoff as the assignment e-mails (migration 017). Always to the lead's own
-- address (read from the lead when it is sent), from the agency at MAIL_FROM's address, with the
-- staff member in Reply-To. The text is staff's own words, kept on the lead's work log as well.
CREATE TABLE reply_mails (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  staff_user_id uuid REFERENCES staff_users (id) ON DELETE SET NULL,
  reply_to text NOT NULL,
  reply_to_name text,
  subject text NOT NULL,
  body text NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'discarded')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);
CREATE INDEX reply_mails_due_idx ON reply_mails (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX reply_mails_lead_idx ON reply_mails (lead_id);
-- The per-member limit counts a member's recent replies.
CREATE INDEX reply_mails_staff_idx ON reply_mails (staff_user_id, created_at);

ALTER TABLE lead_events DROP CONSTRAINT lead_events_kind_check;
ALTER TABLE lead_events ADD CONSTRAINT lead_events_kind_check
  CHECK (kind IN ('contact', 'note', 'status', 'assignment', 'follow-up', 'reply'));
