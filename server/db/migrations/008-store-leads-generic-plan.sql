-- store_leads (migration 007) plans its statement once per connection and keeps that plan.
-- PL/pgSQL caches the statement, but with parameters PostgreSQL plans it anew for each call until
-- a generic plan looks cheaper, and for this statement (a correlated count over an unnest of the
-- arrays) it never does: each call was planned again, about 0.24 ms of the database's CPU per call
-- on PostgreSQL 15, more than it then spent storing a lead. The plan does not depend on the
-- values: one lookup of the body_hash index per lead, one insert per lead.
-- docs/decisions/020-storing-a-batch-in-one-call.md.
ALTER FUNCTION store_leads(uuid[], text[], jsonb[], text[], text[], text[], boolean[], text[], text[], jsonb[],
                           text[], timestamptz[], boolean[], jsonb[], text, text)
  SET plan_cache_mode = force_generic_plan;
