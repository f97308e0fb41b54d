-- API tokens: a credential for a program (a CRM's sync, a lead vendor's posts), made by an owner on
-- the desk (/admin/tokens) or with `npm run staff -- token add` (docs/api.md, "API tokens"). The
-- token itself is shown once; only its keyed digest is kept (HMAC-SHA256 under the server's
-- IP_HASH_SALT, like every other stored digest: docs/decisions/023-keyed-fingerprints.md), so a
-- backup holds nothing that authenticates. A revoked token keeps its row (and its name: the leads it
-- sent name it), so names are never reused.
CREATE TABLE api_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (name ~ '^[a-z0-9][a-z0-9._-]{0,59}$'),
  token_digest text NOT NULL UNIQUE,
  scopes text[] NOT NULL CHECK (
    cardinality(scopes) > 0
    AND scopes <@ ARRAY['leads:read', 'leads:write', 'leads:create', 'sensitive:reveal']::text[]
  ),
  created_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz,
  last_used_at timestamptz,
  revoked_at timestamptz,
  revoked_by text
);

-- A token made on the desk is shown once on the page its POST redirects to (decision 026).
ALTER TABLE staff_flashes DROP CONSTRAINT staff_flashes_kind_check;
ALTER TABLE staff_flashes ADD CONSTRAINT staff_flashes_kind_check
  CHECK (kind IN ('password', 'recovery-codes', 'reveal', 'webhook-secret', 'api-token'));
