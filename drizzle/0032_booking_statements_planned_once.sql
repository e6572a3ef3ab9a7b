-- Hand-written (decision 056): the statements of a booking are planned once per connection, not on
-- every booking. Measured with perf on PostgreSQL under twenty bookings at once, parsing and planning
-- were about 40 % of the database's CPU per booking:
--
-- 1. request_appointment and everything it calls run with generic plans. PL/pgSQL keeps each
--    statement's plan, but the plan cache chose a custom plan, planned anew on every call, for the
--    statements with the booking's values (the choice of a resource, the counts). The generic plans
--    are the same shapes (the same indexes). A function's SET holds for its whole call, nested
--    functions and triggers included. A later CREATE OR REPLACE of request_appointment must repeat
--    it (tests/integration/booking-plans.test.ts checks that it is there).
ALTER FUNCTION request_appointment(uuid, text, text, text, date, text, text, text, integer, text[], text, text, text, integer, text, text, text, text, text, integer, integer, jsonb, text, jsonb, date)
  SET plan_cache_mode = force_generic_plan;
--> statement-breakpoint
-- 2. SQL functions that cannot be inlined (a FROM, an aggregate, an INSERT) are parsed and planned on
--    every call; in PL/pgSQL their statements keep their plans. Same bodies, same results, same
--    signatures (CREATE OR REPLACE; phone_key's index and texts_distinct's check stay valid).
--    hold_resources (0022): every booking's holds.
CREATE OR REPLACE FUNCTION hold_resources(
  p_appointment_id uuid,
  p_ids uuid[],
  p_date date,
  p_time text,
  p_duration_minutes integer,
  p_work_count integer,
  p_courtesy_until text,
  p_time_zone text
) RETURNS void
LANGUAGE plpgsql
VOLATILE
AS $$
BEGIN
  INSERT INTO appointment_resources (appointment_id, resource_id, starts_at, ends_at)
  SELECT p_appointment_id, chosen.id, workshop_instant(p_date, p_time, p_time_zone),
    CASE WHEN chosen.position <= p_work_count
      THEN workshop_instant(p_date, p_time, p_time_zone) + make_interval(mins => p_duration_minutes)
      ELSE workshop_instant(p_date, p_courtesy_until, p_time_zone) END
  FROM unnest(p_ids) WITH ORDINALITY AS chosen(id, position);
END;
$$;
--> statement-breakpoint
-- appointment_counts_add (0010): every statement that adds, removes or changes appointments.
CREATE OR REPLACE FUNCTION appointment_counts_add(changes jsonb) RETURNS void
LANGUAGE plpgsql
AS $$
BEGIN
  INSERT INTO appointment_counts AS c (status, shard, n)
  SELECT key, pg_backend_pid() % 16, value::bigint FROM jsonb_each_text(changes) WHERE value::bigint <> 0 ORDER BY key
  ON CONFLICT (status, shard) DO UPDATE SET n = c.n + excluded.n;
END;
$$;
--> statement-breakpoint
-- phone_key (0027): the expression of two indexes on appointments, so every insert computes it.
CREATE OR REPLACE FUNCTION phone_key(p_phone text) RETURNS text
LANGUAGE plpgsql
IMMUTABLE
PARALLEL SAFE
AS $$
DECLARE
  d text := regexp_replace(p_phone, '[^0-9]', '', 'g');
BEGIN
  RETURN CASE
    WHEN d LIKE '0043%' THEN '0' || substr(d, 5)
    WHEN d LIKE '43%' AND p_phone ~ '^\s*\+' THEN '0' || substr(d, 3)
    ELSE d
  END;
END;
$$;
--> statement-breakpoint
-- texts_distinct (0028): in the check of appointments.additional_services, so every insert computes it.
CREATE OR REPLACE FUNCTION texts_distinct(p_values text[]) RETURNS boolean
LANGUAGE plpgsql
IMMUTABLE
AS $$
BEGIN
  RETURN (SELECT count(*) = count(DISTINCT v) FROM unnest(p_values) AS v);
END;
$$;
