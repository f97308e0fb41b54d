-- The database's functions and triggers are defined in server/db/functions.sql from now on, applied
-- after the migrations whenever that file changes (docs/decisions/034-database-functions-in-one-file.md).
-- Its store_leads takes the batch as one JSON argument (one object per lead) and the batch's rules
-- as another, instead of sixteen arrays and four values by position, and writes the used proofs of
-- work and the visitors' copies in the same call: the old signature is dropped here, as CREATE OR
-- REPLACE cannot change one.
DROP FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], text[],
                          jsonb[], text[], timestamptz[], boolean[], jsonb[], jsonb[], text, text, text, integer);
