-- Hand-written (decision 055, amends 046): bookings of one day at different times no longer wait for
-- each other, neither on free_resource's lock nor on the busy summary's row.
--
-- 1. free_resource's lock 31009 names a resource and the instant the work starts, no longer the
--    resource and its day: only work starting at the same instant passes a resource over, or waits
--    for it, because another booking is being placed on it. Work that overlaps from a different start
--    still meets at the exclusion constraint appointment_resources_no_overlap, and the later booking
--    chooses again (request_appointment's loop, as before). Same signature: CREATE OR REPLACE.
CREATE OR REPLACE FUNCTION free_resource(
  p_kind text,
  p_starts timestamptz,
  p_ends timestamptz,
  p_date date,
  p_time_zone text,
  p_except uuid
) RETURNS uuid
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_id uuid;
  v_first uuid;
BEGIN
  FOR v_id IN SELECT f.id FROM free_resources(p_kind, p_starts, p_ends, p_date, p_time_zone, p_except) AS f ORDER BY f.choice LOOP
    IF pg_try_advisory_xact_lock(31009, hashtext(v_id::text || epoch_minute(p_starts)::text)) THEN
      RETURN v_id;
    END IF;
    v_first := coalesce(v_first, v_id);
  END LOOP;
  IF v_first IS NULL THEN
    RETURN NULL;
  END IF;
  PERFORM pg_advisory_xact_lock(31009, hashtext(v_first::text || epoch_minute(p_starts)::text));
  SELECT f.id INTO v_id FROM free_resources(p_kind, p_starts, p_ends, p_date, p_time_zone, p_except) AS f ORDER BY f.choice LIMIT 1;
  RETURN v_id;
END;
$$;
--> statement-breakpoint
-- 2. The busy summary per resource, UTC day and UTC hour of the holds' start, no longer per resource
--    and day: a booking's trigger locks its summary row to the end of its transaction, so with one row
--    per day every booking of that day on that resource waited for the one before it to commit. The
--    readers join a day's hours again (range_agg); the hours change nothing they see. Rebuilt from the
--    active holds, as 0029 filled it.
DELETE FROM "resource_busy";--> statement-breakpoint
ALTER TABLE "resource_busy" DROP CONSTRAINT "resource_busy_resource_id_day_pk";--> statement-breakpoint
ALTER TABLE "resource_busy" ADD COLUMN "hour" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "resource_busy" ADD CONSTRAINT "resource_busy_resource_id_day_hour_pk" PRIMARY KEY("resource_id","day","hour");--> statement-breakpoint
ALTER TABLE "resource_busy" ADD CONSTRAINT "resource_busy_hour_check" CHECK ("resource_busy"."hour" between 0 and 23);--> statement-breakpoint
CREATE FUNCTION utc_hour(p_instant timestamptz) RETURNS smallint
LANGUAGE sql
IMMUTABLE
AS $$ SELECT extract(hour FROM p_instant AT TIME ZONE 'UTC')::smallint $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION resource_busy_apply() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		UPDATE resource_busy b SET busy = b.busy - ended.spans
		FROM (
			SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date AS day, utc_hour(starts_at) AS hour,
				range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at))) AS spans
			FROM ended_holds WHERE active GROUP BY 1, 2, 3
		) AS ended
		WHERE b.resource_id = ended.resource_id AND b.day = ended.day AND b.hour = ended.hour;
		DELETE FROM resource_busy b
		WHERE isempty(b.busy) AND (b.resource_id, b.day, b.hour) IN (
			SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date, utc_hour(starts_at) FROM ended_holds WHERE active);
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		INSERT INTO resource_busy AS b (resource_id, day, hour, busy)
		SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date, utc_hour(starts_at),
			range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at)))
		FROM new_holds WHERE active GROUP BY 1, 2, 3
		ON CONFLICT (resource_id, day, hour) DO UPDATE SET busy = b.busy + excluded.busy;
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
INSERT INTO resource_busy (resource_id, day, hour, busy)
SELECT resource_id, (starts_at AT TIME ZONE 'UTC')::date, utc_hour(starts_at), range_agg(int4range(epoch_minute(starts_at), epoch_minute(ends_at)))
FROM appointment_resources WHERE active GROUP BY 1, 2, 3;
