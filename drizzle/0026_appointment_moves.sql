ALTER TABLE "appointments" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "override_reason" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "overbooked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "invite_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "customer_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_source_check" CHECK ("appointments"."source" in ('online', 'phone', 'counter'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_moves_check" CHECK ("appointments"."customer_moves" between 0 and 3);--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_override_reason_check" CHECK (length("appointments"."override_reason") between 1 and 500);--> statement-breakpoint
-- Hand-written below (decision 043): entering and moving an appointment on the board and on the
-- personal link, placed on resources as every booking is (decision 039).
-- Whether a stored closure covers p_date at p_time for p_duration_minutes: any day of it, or on its
-- first day one that ends after its start time (closureCovers, app/domain/closures.ts; the same
-- condition as request_appointment's in 0022).
CREATE FUNCTION closure_covers(p_date date, p_time text, p_duration_minutes integer) RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (
    SELECT 1 FROM closures c
    WHERE c.from_date <= p_date AND c.to_date >= p_date
      AND (c.start_time IS NULL OR c.from_date <> p_date
           OR (p_time::time - time '00:00') + make_interval(mins => p_duration_minutes) > (c.start_time::time - time '00:00')))
$$;
--> statement-breakpoint
-- Whether the resource p_resource_id is free for [p_starts, p_ends) on p_date: free_resource's rule
-- (0022: active, no other active hold overlapping, not absent) for one resource a move names.
CREATE FUNCTION free_resource_named(
  p_resource_id uuid,
  p_starts timestamptz,
  p_ends timestamptz,
  p_date date,
  p_time_zone text,
  p_except uuid
) RETURNS boolean
LANGUAGE sql
STABLE
AS $$
  SELECT EXISTS (
    SELECT 1 FROM resources r
    WHERE r.id = p_resource_id AND r.active
      AND NOT EXISTS (
        SELECT 1 FROM appointment_resources h
        WHERE h.resource_id = r.id AND h.active AND h.appointment_id IS DISTINCT FROM p_except
          AND tstzrange(h.starts_at, h.ends_at, '[)') && tstzrange(p_starts, p_ends, '[)'))
      AND NOT EXISTS (
        SELECT 1 FROM resource_absences a
        WHERE a.resource_id = r.id AND a.from_date <= p_date AND a.to_date >= p_date
          AND (a.start_time IS NULL OR a.from_date <> p_date OR p_ends > workshop_instant(p_date, a.start_time, p_time_zone))))
$$;
--> statement-breakpoint
-- Places the stored appointment p_appointment_id at p_date p_time: a new entry on the board (its
-- row just inserted, holding nothing) or a move (of the workshop or the customer). Under the
-- closures' shared lock (31005, as request_appointment) and the day's lock (31007) of the old and
-- the new day, taken in date order so two moves in opposite directions never wait for each other
-- crosswise, before the row's lock (as confirming takes them). Its own old holds do not count
-- against it (free_resource's p_except). p_resource_ids may name resources (the lift): each must be
-- of a kind it needs and free, else 'resource-taken'. With p_override ('Trotzdem eintragen') it
-- holds what is free and reports 'overbooked' for the rest; a resource is never held twice (the
-- exclusion constraint of 0021). Moves the row's date and time with its holds; the caller writes
-- the rest (e-mails, audit) in the same transaction.
-- Returns 'placed', 'overbooked', 'closed', 'slot-taken', 'courtesy-car-taken', 'resource-taken',
-- 'not-found', 'cancelled', or 'changed' (moved by someone else meanwhile): on anything but the first two
-- nothing changed.
CREATE FUNCTION move_appointment(
  p_appointment_id uuid,
  p_date date,
  p_time text,
  p_duration_minutes integer,
  p_kinds text[],
  p_courtesy_until text,
  p_time_zone text,
  p_resource_ids uuid[],
  p_override boolean
) RETURNS text
LANGUAGE plpgsql
VOLATILE
AS $$
DECLARE
  v_old date;
  v_old_time text;
  v_now_date date;
  v_now_time text;
  v_status text;
  v_starts timestamptz := workshop_instant(p_date, p_time, p_time_zone);
  v_work_ends timestamptz := v_starts + make_interval(mins => p_duration_minutes);
  v_ends timestamptz;
  v_kind text;
  v_named uuid;
  v_id uuid;
  v_ids uuid[] := '{}';
  v_ends_list timestamptz[] := '{}';
  v_missing boolean := false;
BEGIN
  PERFORM pg_advisory_xact_lock_shared(31005, 0);
  IF closure_covers(p_date, p_time, p_duration_minutes) THEN
    RETURN 'closed';
  END IF;
  SELECT date, time INTO v_old, v_old_time FROM appointments WHERE id = p_appointment_id;
  IF NOT FOUND THEN
    RETURN 'not-found';
  END IF;
  PERFORM pg_advisory_xact_lock(31007, hashtext(least(v_old, p_date)::text));
  IF v_old <> p_date THEN
    PERFORM pg_advisory_xact_lock(31007, hashtext(greatest(v_old, p_date)::text));
  END IF;
  SELECT date, time, status INTO v_now_date, v_now_time, v_status FROM appointments WHERE id = p_appointment_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'not-found';
  END IF;
  IF v_now_date <> v_old OR v_now_time <> v_old_time THEN
    RETURN 'changed';
  END IF;
  IF v_status = 'storniert' THEN
    RETURN 'cancelled';
  END IF;

  FOREACH v_kind IN ARRAY p_kinds || CASE WHEN p_courtesy_until IS NULL THEN '{}'::text[] ELSE ARRAY['courtesy_car'] END LOOP
    v_ends := CASE WHEN v_kind = 'courtesy_car' THEN workshop_instant(p_date, p_courtesy_until, p_time_zone) ELSE v_work_ends END;
    v_named := (SELECT r.id FROM resources r WHERE r.id = ANY(p_resource_ids) AND r.kind = v_kind LIMIT 1);
    v_id := CASE WHEN v_named IS NULL
      THEN free_resource(v_kind, v_starts, v_ends, p_date, p_time_zone, p_appointment_id)
      ELSE (SELECT v_named WHERE free_resource_named(v_named, v_starts, v_ends, p_date, p_time_zone, p_appointment_id)) END;
    IF v_id IS NULL AND v_named IS NOT NULL AND NOT p_override THEN
      RETURN 'resource-taken';
    END IF;
    IF v_id IS NULL AND p_override THEN
      v_id := free_resource(v_kind, v_starts, v_ends, p_date, p_time_zone, p_appointment_id);
    END IF;
    IF v_id IS NULL THEN
      IF NOT p_override THEN
        RETURN CASE WHEN v_kind = 'courtesy_car' THEN 'courtesy-car-taken' ELSE 'slot-taken' END;
      END IF;
      v_missing := true;
    ELSE
      v_ids := v_ids || v_id;
      v_ends_list := v_ends_list || v_ends;
    END IF;
  END LOOP;

  DELETE FROM appointment_resources WHERE appointment_id = p_appointment_id AND active;
  INSERT INTO appointment_resources (appointment_id, resource_id, starts_at, ends_at)
  SELECT p_appointment_id, chosen.id, v_starts, chosen.ends_at
  FROM unnest(v_ids, v_ends_list) AS chosen(id, ends_at);
  UPDATE appointments SET date = p_date, time = p_time, overbooked = v_missing WHERE id = p_appointment_id;
  RETURN CASE WHEN v_missing THEN 'overbooked' ELSE 'placed' END;
END;
$$;
