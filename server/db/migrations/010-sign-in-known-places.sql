-- Sign-in under attack (docs/decisions/021-sign-in-under-attack.md).

-- The address groups each account signed in from (a keyed hash of the group, never the address):
-- attempts from them are not refused by the account-wide lock a crowd of strangers can fill. The
-- server keeps the ten most recent per account.
CREATE TABLE staff_known_addresses (
  staff_user_id uuid NOT NULL REFERENCES staff_users (id) ON DELETE CASCADE,
  address_key text NOT NULL,
  last_sign_in_at timestamptz NOT NULL,
  PRIMARY KEY (staff_user_id, address_key)
);

-- The throttle's keys are now all keyed hashes ('account:', 'pair:', 'device:', 'address:'); the
-- old account keys were an unkeyed SHA-256 of the typed e-mail. Counts are short-lived: start over.
DELETE FROM sign_in_throttles;

-- The owner's list of locks in force.
CREATE INDEX sign_in_throttles_locked_until_idx ON sign_in_throttles (locked_until)
  WHERE locked_until IS NOT NULL;
