-- What colleagues call a staff member ("Ana Ruiz"): shown on the desk instead of the e-mail when
-- set. Set by an owner or by the member (/admin/account), or `npm run staff -- add … --name`.
ALTER TABLE staff_users ADD COLUMN display_name text
  CHECK (display_name IS NULL OR (length(display_name) BETWEEN 1 AND 80 AND display_name = btrim(display_name)));

-- A result shown once on the page after a POST (Post/Redirect/Get): a generated password, new
-- recovery codes, which sensitive field was revealed. The POST answers 303 to a page naming the
-- row's id; the GET takes the row (deletes it) and shows it, so a refresh or the Back button shows
-- nothing again and posts nothing again. Bound to the session that made it (deleted with it), kept
-- minutes at most, a few per session. A password or codes are encrypted with LEAD_ENCRYPTION_KEY:
-- a backup holds nothing readable (server/staff/staff-flash.ts).
CREATE TABLE staff_flashes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  session_token_hash text NOT NULL REFERENCES staff_sessions (token_hash) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('password', 'recovery-codes', 'reveal')),
  payload text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX staff_flashes_session_idx ON staff_flashes (session_token_hash);
CREATE INDEX staff_flashes_expires_at_idx ON staff_flashes (expires_at);
