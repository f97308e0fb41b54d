-- The short reference a visitor is given when a request is stored, e.g. "K7M-Q9X": six characters in
-- two groups of three, easy to read out over the phone. The alphabet leaves out the characters people
-- confuse (0 and O, 1, I and L): 31 symbols, 887 million references. It is drawn here, as the column's
-- default, so every insert gets one; the unique index catches the rare repeat, and the lead repository
-- then inserts again (server/leads/lead-repository.ts). It is a label, not a secret: it opens nothing.
CREATE FUNCTION new_lead_reference() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT string_agg(
    CASE WHEN n = 4 THEN '-' ELSE '' END
      || substr('23456789ABCDEFGHJKMNPQRSTUVWXYZ', 1 + floor(random() * 31)::int, 1),
    '' ORDER BY n)
  FROM generate_series(1, 6) AS n
$$;

ALTER TABLE leads ADD COLUMN reference text;
-- Leads stored before references existed keep their id as their reference (unique by construction).
UPDATE leads SET reference = id::text WHERE reference IS NULL;
ALTER TABLE leads ALTER COLUMN reference SET DEFAULT new_lead_reference();
ALTER TABLE leads ALTER COLUMN reference SET NOT NULL;
CREATE UNIQUE INDEX leads_reference_key ON leads (reference);
