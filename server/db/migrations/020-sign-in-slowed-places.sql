-- Known people are never locked out (docs/decisions/033-no-stranger-turns-the-site-against-the-agency.md): past its
-- limit, a count of attempts from a place the account signed in from slows them down instead of
-- locking them out. The attempt let through past the limit writes its own random id here with its
-- short wait, so of many attempts sent at once exactly one is checked.
ALTER TABLE sign_in_throttles ADD COLUMN let_through text;
