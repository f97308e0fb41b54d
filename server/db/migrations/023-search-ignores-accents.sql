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
